/* A JSON tree in the style of cJSON: a node with a double and an int
 * value, children in a list, type flags, and hooks for allocation. Type
 * tests, list walks and lookups are answered; the double value is cut
 * where it is read. */
#include <stddef.h>

#define cJSON_Invalid 0
#define cJSON_False (1 << 0)
#define cJSON_True (1 << 1)
#define cJSON_NULL (1 << 2)
#define cJSON_Number (1 << 3)
#define cJSON_String (1 << 4)
#define cJSON_Array (1 << 5)
#define cJSON_Object (1 << 6)
#define cJSON_IsReference 256

typedef struct cJSON {
    struct cJSON *next;
    struct cJSON *prev;
    struct cJSON *child;
    int type;
    char *valuestring;
    int valueint;
    double valuedouble;
    char *string;
} cJSON;

typedef struct cJSON_Hooks {
    void *(*malloc_fn)(size_t sz);
    void (*free_fn)(void *ptr);
} cJSON_Hooks;

static cJSON_Hooks global_hooks;

int cJSON_IsTrue(const cJSON *item)
{
    if (item == NULL)
        return 0;
    return (item->type & 0xFF) == cJSON_True;
}

int cJSON_IsNumber(const cJSON *item)
{
    if (item == NULL)
        return 0;
    return (item->type & 0xFF) == cJSON_Number;
}

int cJSON_GetArraySize(const cJSON *array)
{
    cJSON *child;
    int size = 0;
    if (array == NULL)
        return 0;
    child = array->child;
    while (child != NULL && size < 3) {
        size++;
        child = child->next;
    }
    return size;
}

cJSON *get_array_item(const cJSON *array, int index)
{
    cJSON *current;
    if (array == NULL || index < 0)
        return NULL;
    current = array->child;
    while (current != NULL && index > 0) {
        index--;
        current = current->next;
    }
    return current;
}

int cJSON_GetIntValue(const cJSON *item, int fallback)
{
    if (!cJSON_IsNumber(item))
        return fallback;
    if (item->valueint < 0)
        return 0;
    return item->valueint;
}

int cJSON_NumberIsBig(const cJSON *item)
{
    if (!cJSON_IsNumber(item))
        return -1;
    if (item->valuedouble > 1e15)
        return 1;
    return 0;
}

int cJSON_Delete_shallow(cJSON *item)
{
    if (item == NULL)
        return 0;
    if (item->type & cJSON_IsReference)
        return 1;
    if (global_hooks.free_fn == NULL)
        return -1;
    global_hooks.free_fn(item);
    return 2;
}

/* An interpreter's state in the style of Lua: a realloc hook, a stack of
 * tagged values whose union holds a double, and a global state shared by
 * threads. Checks of types and stack room are answered; numbers (double)
 * and the allocator are cut where they run. */
#include <stddef.h>

typedef void *(*lua_Alloc)(void *ud, void *ptr, size_t osize, size_t nsize);

typedef union Value {
    void *gc;
    void *p;
    int b;
    long i;
    double n;
} Value;

typedef struct TValue {
    Value value_;
    unsigned char tt_;
} TValue;

#define LUA_TNIL 0
#define LUA_TBOOLEAN 1
#define LUA_TNUMINT 3
#define LUA_TNUMFLT 19
#define LUA_TSTRING 4

typedef struct global_State {
    lua_Alloc frealloc;
    void *ud;
    unsigned long totalbytes;
    long GCdebt;
    unsigned char gcstate;
    unsigned char gckind;
    int gcpause;
} global_State;

typedef struct lua_State {
    unsigned char status;
    TValue *top;
    TValue *stack;
    TValue *stack_last;
    global_State *l_G;
    int stacksize;
    unsigned short nCcalls;
    void (*hook)(struct lua_State *L, int event);
    int hookmask;
} lua_State;

int lua_type_of(lua_State *L, int idx)
{
    TValue *o;
    if (idx <= 0 || idx > 4)
        return -1;
    o = L->stack + (idx - 1);
    if (o->tt_ == LUA_TNUMFLT || o->tt_ == LUA_TNUMINT)
        return 3;
    return o->tt_ & 0x0f;
}

int lua_toboolean(lua_State *L, int idx)
{
    TValue *o;
    if (idx <= 0 || idx > 4)
        return 0;
    o = L->stack + (idx - 1);
    if (o->tt_ == LUA_TNIL)
        return 0;
    if (o->tt_ == LUA_TBOOLEAN)
        return o->value_.b != 0;
    return 1;
}

long lua_tointeger(lua_State *L, int idx, int *isnum)
{
    TValue *o;
    if (idx <= 0 || idx > 4) {
        *isnum = 0;
        return 0;
    }
    o = L->stack + (idx - 1);
    if (o->tt_ == LUA_TNUMINT) {
        *isnum = 1;
        return o->value_.i;
    }
    if (o->tt_ == LUA_TNUMFLT) {
        double d = o->value_.n;
        *isnum = d == (long)d;
        return (long)d;
    }
    *isnum = 0;
    return 0;
}

int lua_checkstack(lua_State *L, int n)
{
    if (n < 0 || n > 1000000)
        return 0;
    if (L->stacksize - 5 > n)
        return 1;
    if (L->stacksize + n > 1000000)
        return 0;
    L->l_G->GCdebt += n;
    return 2;
}

int lua_gc_step(lua_State *L, int what)
{
    global_State *g = L->l_G;
    if (what == 0) {
        g->gcstate = 0;
        return 0;
    }
    if (what == 1)
        return (int)(g->totalbytes >> 10);
    if (g->GCdebt > 0)
        g->frealloc(g->ud, NULL, 0, 0);
    return g->gcpause;
}

int lua_sethookmask(lua_State *L, int mask)
{
    if (mask < 0 || mask > 15)
        return -1;
    if (mask == 0)
        L->hook = NULL;
    L->hookmask = mask;
    return L->nCcalls > 200 ? 1 : 0;
}

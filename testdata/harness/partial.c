/* A cache in front of a store: only some functions are tested at a time.
 * The harness links the whole file, so it must define what the other
 * functions call (store_get, audit) as well, and a callee without
 * arguments or result (mark_dirty) needs no table of expected calls. */

int store_get(int key);
void audit(int key, int hit);
void mark_dirty(void);

static int cached_key = -1;
static int cached_val;

int cache_put(int key, int val)
{
    if (key < 0)
        return -1;
    cached_key = key;
    cached_val = val;
    mark_dirty();
    return 0;
}

int cache_get(int key)
{
    if (key == cached_key) {
        audit(key, 1);
        return cached_val;
    }
    audit(key, 0);
    return store_get(key);
}

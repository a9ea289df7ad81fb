/* The mem* functions on objects of any type: a configuration cleared
 * with memset and filled field by field, a record copied with memcpy and
 * compared with memcmp, a table of entries cleared and shifted. */
#include <string.h>

struct config {
    int port;
    unsigned char verbose;
    short retries;
    char name[6];
};

struct point {
    int x, y;
};

struct entry {
    unsigned short key;
    int value;
};

int configure(int port, int verbose)
{
    struct config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (port > 0 && port < 65536)
        cfg.port = port;
    if (verbose)
        cfg.verbose = 1;
    if (cfg.port == 0)
        return -1;
    if (cfg.retries != 0 || cfg.name[5] != 0) /* true unreachable: cleared */
        return -2;
    return cfg.verbose ? 2 : 1;
}

int moved(const struct point *p, int dx)
{
    struct point q;
    memcpy(&q, p, sizeof q);
    q.x += dx;
    if (memcmp(&q, p, sizeof q) == 0)
        return 0;
    if (q.y != p->y) /* true unreachable: the copy kept y */
        return -1;
    return q.x > p->x ? 1 : 2;
}

int first_key(struct entry table[4], unsigned short key, int value)
{
    memmove(&table[1], &table[0], 3 * sizeof table[0]);
    table[0].key = key;
    table[0].value = value;
    if (table[1].key == key)
        return table[1].value;
    memset(table, 0, sizeof(struct entry) * 2);
    if (table[0].key != 0 || table[1].value != 0) /* true unreachable */
        return -2;
    return table[2].key == 7 ? 7 : -1;
}

/* Layouts by gcc's extensions beyond #pragma pack(1): bit-fields under
 * #pragma pack(2) and pack(4) (at the next free bit), structs declared
 * packed and aligned (a wire header kept 4-aligned), members declared
 * packed or aligned, _Alignas (a counter on its own cache line), a struct
 * of such members nested in another. Differential test programs of the
 * interpreter (interp/diff_test.go): the final values are read by gcc at
 * the offsets inka computes. */

#include <stddef.h>

#pragma pack(push, 2)
struct flags {
    unsigned char version;
    unsigned int kind : 5;
    unsigned int length : 20; /* from bit 13: straddles the int unit */
    int delta : 12;
    unsigned short port;
};
#pragma pack(pop)

#pragma pack(push, 4)
struct record {
    char tag;
    unsigned long long offset : 40;
    unsigned int crc : 30;
    short level : 7;
    long long stamp;
};
#pragma pack(pop)

struct wire {
    unsigned char type;
    unsigned int seq;
    unsigned short window;
    unsigned int ack : 21;
    unsigned int urgent : 1;
} __attribute__((packed, aligned(4)));

struct stats {
    int hits;
    _Alignas(64) long misses;
    char name[6] __attribute__((aligned(8)));
    int errors __attribute__((packed));
};

struct slot {
    char used;
    struct wire w __attribute__((packed));
    long long total __attribute__((aligned(16)));
};

struct __attribute__((packed)) entry {
    char key;
    long value __attribute__((aligned(4)));
    unsigned short hash : 10;
};

struct flags current = { 4, 17, 0xabcde, -300, 8080 };
struct record log_head = { 'r', 0xfedcba9876ULL, 0x2345678, -33, 99 };
struct wire pending[2] = { { 1, 1000, 64, 0x1fffff, 1 }, { 2, 2000, 128, 5, 0 } };
struct stats counters = { 1, 2, "abcde", 3 };
struct slot slots[2];
struct entry table[3] = { { 'a', 10, 1 }, { 'b', 20, 2 }, { 'c', 30, 3 } };

int bump_flags(unsigned int k, int d)
{
    current.kind = k;
    current.length += k * 3;
    current.delta = d;
    current.port++;
    if (current.length > 0x80000)
        return current.delta;
    return (int)current.kind + current.version;
}

long long log_entry(unsigned long long off, int lvl)
{
    log_head.offset = off;
    log_head.level = lvl;
    log_head.crc ^= (unsigned int)off;
    log_head.stamp += lvl;
    if (log_head.level < 0)
        return -(long long)log_head.crc;
    return (long long)(log_head.offset >> 8) + log_head.stamp;
}

int ack(int i, unsigned int a)
{
    struct wire *w = &pending[i & 1];
    w->ack = a;
    w->urgent = a > 1000;
    w->seq += a;
    if (w->urgent)
        return (int)(w->seq & 0xffff);
    return (int)w->ack + w->window + (int)sizeof(struct wire);
}

long count(int e, long m)
{
    counters.errors += e;
    counters.misses += m;
    counters.name[e & 3] = (char)('A' + (m & 7));
    if (counters.errors > 10)
        return counters.misses - counters.hits;
    return counters.errors + (long)offsetof(struct stats, errors) + (long)sizeof counters;
}

long long fill(int i, unsigned int seq, long long t)
{
    struct slot *s = &slots[i & 1];
    s->used = 1;
    s->w.seq = seq;
    s->w.ack = seq >> 3;
    s->total += t;
    if (s->total > 100)
        return s->total + (long long)offsetof(struct slot, total);
    return (long long)s->w.ack + (long long)sizeof(struct slot);
}

long lookup(char key, long v)
{
    for (int i = 0; i < 3; i++) {
        if (table[i].key == key) {
            table[i].value += v;
            table[i].hash = (unsigned short)((unsigned long)v * 31u);
            return table[i].value + table[i].hash;
        }
    }
    return (long)sizeof(struct entry) * 100 + (long)offsetof(struct entry, value);
}

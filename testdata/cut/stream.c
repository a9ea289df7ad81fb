/* A compression stream in the style of zlib's z_stream: allocator hooks
 * (function pointers: callbacks the tests answer), a double ratio,
 * counters. Only the paths that compute the ratio are cut. */
typedef void *(*alloc_func)(void *opaque, unsigned items, unsigned size);
typedef void (*free_func)(void *opaque, void *address);

struct stream {
    const unsigned char *next_in;
    unsigned char *next_out;
    unsigned avail_in, avail_out;
    unsigned long total_in, total_out;
    alloc_func zalloc;
    free_func zfree;
    void *opaque;
    double ratio;
    int level;
    int status;
};

int stream_check(const struct stream *s)
{
    if (s == 0)
        return -2;
    if (s->level < -1 || s->level > 9)
        return -2;
    if (s->avail_out == 0)
        return -5;
    return 0;
}

int stream_copy(struct stream *s, unsigned n)
{
    unsigned i;
    if (n > s->avail_in)
        n = s->avail_in;
    if (n > s->avail_out)
        n = s->avail_out;
    for (i = 0; i < n; i++)
        s->next_out[i] = s->next_in[i];
    s->avail_in -= n;
    s->avail_out -= n;
    s->total_in += n;
    s->total_out += n;
    return (int)n;
}

int stream_end(struct stream *s)
{
    if (s->status != 42)
        return -2;
    if (s->zfree != 0)
        s->zfree(s->opaque, s->next_out);
    s->status = 0;
    return 0;
}

int stream_good_ratio(const struct stream *s)
{
    if (s->total_in == 0)
        return 0;
    if (s->ratio > 0.5)
        return 1;
    return 2;
}

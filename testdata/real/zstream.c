/* A compression stream in the style of zlib: allocator hooks, an opaque
 * pointer, a double compression ratio, and the internal state behind a
 * pointer. The functions check, copy and account; only the paths that
 * call a hook or compute the ratio are cut. */
#include <stddef.h>

typedef void *(*alloc_func)(void *opaque, unsigned items, unsigned size);
typedef void (*free_func)(void *opaque, void *address);

struct internal_state {
    int status;
    int level;
    int strategy;
    unsigned long pending;
    unsigned char method;
    double last_ratio;
};

typedef struct z_stream_s {
    const unsigned char *next_in;
    unsigned avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned avail_out;
    unsigned long total_out;
    const char *msg;
    struct internal_state *state;
    alloc_func zalloc;
    free_func zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
} z_stream;

#define Z_OK 0
#define Z_STREAM_END 1
#define Z_STREAM_ERROR (-2)
#define Z_BUF_ERROR (-5)
#define INIT_STATE 42
#define BUSY_STATE 113
#define FINISH_STATE 666

static int stream_state_bad(const z_stream *strm)
{
    if (strm == NULL || strm->zalloc == NULL || strm->zfree == NULL)
        return 1;
    if (strm->state == NULL)
        return 1;
    if (strm->state->status != INIT_STATE && strm->state->status != BUSY_STATE &&
        strm->state->status != FINISH_STATE)
        return 1;
    return 0;
}

int deflate_pending(z_stream *strm, unsigned *pending)
{
    if (strm == NULL || strm->state == NULL)
        return Z_STREAM_ERROR;
    if (pending != NULL)
        *pending = (unsigned)strm->state->pending;
    return Z_OK;
}

int deflate_params_check(z_stream *strm, int level, int strategy)
{
    if (strm == NULL || strm->state == NULL)
        return Z_STREAM_ERROR;
    if (level < -1 || level > 9 || strategy < 0 || strategy > 4)
        return Z_STREAM_ERROR;
    if (strm->state->level == level && strm->state->strategy == strategy)
        return Z_OK;
    if (strm->total_in != 0 && strm->avail_out == 0)
        return Z_BUF_ERROR;
    strm->state->level = level;
    strm->state->strategy = strategy;
    return Z_OK;
}

unsigned read_buf(z_stream *strm, unsigned char *buf, unsigned size)
{
    unsigned len = strm->avail_in;
    unsigned i;
    if (len > size)
        len = size;
    if (len == 0)
        return 0;
    strm->avail_in -= len;
    for (i = 0; i < len && i < 4; i++)
        buf[i] = strm->next_in[i];
    strm->total_in += len;
    return len;
}

int deflate_end(z_stream *strm)
{
    int status;
    if (stream_state_bad(strm))
        return Z_STREAM_ERROR;
    status = strm->state->status;
    strm->zfree(strm->opaque, strm->state);
    strm->state = NULL;
    return status == BUSY_STATE ? -3 : Z_OK;
}

int deflate_ratio_class(const z_stream *strm)
{
    if (strm == NULL || strm->state == NULL)
        return -1;
    if (strm->total_in == 0)
        return 0;
    if (strm->state->last_ratio > 0.5)
        return 2;
    return 1;
}

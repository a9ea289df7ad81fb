/* The frame decoder of a small radio link, in the style of embedded
 * protocol code: a 4-byte header of bit-fields copied out of the received
 * bytes with memcpy (as code that respects strict aliasing does), a
 * payload of len bytes, then an XOR check byte; the link's state is a
 * struct of bit-fields too. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct frame_hdr {
    unsigned version : 2;
    unsigned type : 3;
    unsigned ack_req : 1;
    unsigned more : 1;
    unsigned prio : 1;
    unsigned seq : 6;
    unsigned len : 10;
    unsigned chan : 4;
    unsigned reserved : 4;
};

enum { FRAME_DATA = 0, FRAME_ACK = 1, FRAME_PING = 2, FRAME_RESET = 7 };

enum {
    ERR_SHORT = -1,
    ERR_VERSION = -2,
    ERR_CHECK = -3,
    ERR_OTHER_CHANNEL = -4,
    ERR_TYPE = -5,
};

struct link {
    unsigned chan : 4;
    unsigned expect_seq : 6;
    unsigned pending_ack : 1;
    unsigned in_burst : 1;
    uint16_t dropped;
    uint16_t resets;
};

static uint8_t xor_check(const uint8_t *p, size_t n)
{
    uint8_t x = 0;
    while (n--)
        x ^= *p++;
    return x;
}

/* decodes the frame in buf[0..n): its type, or a negative error; a data
 * frame's payload is left in *payload and *plen */
int frame_decode(struct link *lk, const uint8_t *buf, size_t n,
                 const uint8_t **payload, size_t *plen)
{
    struct frame_hdr h;
    if (n < sizeof h + 1)
        goto short_frame;
    memcpy(&h, buf, sizeof h);
    if (h.version != 1 || h.reserved != 0) {
        lk->dropped++;
        return ERR_VERSION;
    }
    if (h.len > n - sizeof h - 1)
        goto short_frame;
    if (h.chan != lk->chan && h.type != FRAME_RESET)
        return ERR_OTHER_CHANNEL;
    if (xor_check(buf, sizeof h + h.len) != buf[sizeof h + h.len])
        goto bad_check;
    switch (h.type) {
    case FRAME_DATA:
        if (h.seq != lk->expect_seq) {
            lk->dropped++;
            return ERR_CHECK;
        }
        lk->expect_seq = h.seq + 1;
        lk->pending_ack = h.ack_req;
        lk->in_burst = h.more;
        *payload = buf + sizeof h;
        *plen = h.len;
        return FRAME_DATA;
    case FRAME_ACK:
        if (!lk->pending_ack)
            return ERR_TYPE;
        lk->pending_ack = 0;
        return FRAME_ACK;
    case FRAME_PING:
        return h.len == 0 ? FRAME_PING : ERR_TYPE;
    case FRAME_RESET:
        lk->chan = h.chan;
        lk->expect_seq = 0;
        lk->resets++;
        return FRAME_RESET;
    default:
        return ERR_TYPE;
    }
bad_check:
    lk->dropped++;
    return ERR_CHECK;
short_frame:
    lk->dropped++;
    return ERR_SHORT;
}

/* writes the acknowledgement of the link's last frame into out[0..cap):
 * the bytes written, or -1 when they do not fit */
int frame_ack(struct link *lk, uint8_t *out, size_t cap)
{
    struct frame_hdr h;
    if (cap < sizeof h + 1)
        return -1;
    memset(&h, 0, sizeof h);
    h.version = 1;
    h.type = FRAME_ACK;
    h.seq = lk->expect_seq - 1;
    h.chan = lk->chan;
    h.prio = lk->in_burst;
    memcpy(out, &h, sizeof h);
    out[sizeof h] = xor_check(out, sizeof h);
    if ((out[0] & 3) != 1)
        return -2;      /* never: version is the low two bits of byte 0 */
    if (out[0] >> 2 != FRAME_ACK + (lk->in_burst << 5))
        return -3;      /* never: type in bits 2-4, prio in bit 7 */
    lk->pending_ack = 0;
    return (int)sizeof h + 1;
}

/* the priority class of a header the caller has already copied out */
int frame_class(const struct frame_hdr *h)
{
    if (h->prio && h->type == FRAME_DATA)
        return h->len > 512 ? 3 : 2;
    if (h->type == FRAME_RESET || h->type == FRAME_PING)
        return 1;
    if (h->seq * 16 + h->chan > 1023)
        return 4;       /* never: seq has 6 bits, chan 4 */
    return 0;
}

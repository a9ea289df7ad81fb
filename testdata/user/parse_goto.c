/* Parsers and resource handling with goto error exits, in the style of C
 * libraries and kernels: each failure jumps to the exit that undoes what was
 * done so far. */

struct hdr {
    int version;
    int flags;
    int len;
    int sum;
};

enum { E_OK = 0, E_SHORT = -1, E_VERSION = -2, E_LEN = -3, E_SUM = -4 };

/* Parse the header of a packet of n bytes: version and flags, a payload
 * length, the payload's checksum (version 2 only). */
int parse_header(const unsigned char buf[8], int n, struct hdr *h)
{
    int err;
    int sum = 0;
    int i;

    if (n < 2 || n > 8) {
        err = E_SHORT;
        goto fail;
    }
    h->version = buf[0] >> 4;
    if (h->version != 1 && h->version != 2) {
        err = E_VERSION;
        goto fail;
    }
    h->flags = buf[0] & 0xf;
    h->len = buf[1];
    if (h->len > n - 2) {
        err = E_LEN;
        goto fail;
    }
    for (i = 0; i < h->len; i++)
        sum = (sum + buf[2 + i]) & 0xff;
    if (h->version == 2) {
        if (h->len < 1 || sum != 0x5a) {
            err = E_SUM;
            goto fail;
        }
    }
    h->sum = sum;
    return E_OK;

fail:
    h->version = 0;
    h->len = 0;
    return err;
}

int lock_acquire(int id);
void lock_release(int id);
int dev_read(int dev, int *val);
int dev_write(int dev, int val);

/* Move amount from one device to another, holding both locks: every
 * failure releases exactly the locks taken. */
int transfer(int src, int dst, int amount)
{
    int rc = -1;
    int v;

    if (src == dst)
        return -3;
    if (lock_acquire(src) != 0)
        goto out;
    if (lock_acquire(dst) != 0)
        goto unlock_src;
    if (dev_read(src, &v) != 0)
        goto unlock_dst;
    if (v < amount) {
        rc = -2;
        goto unlock_dst;
    }
    if (dev_write(dst, amount) != 0)
        goto unlock_dst;
    rc = v - amount;
unlock_dst:
    lock_release(dst);
unlock_src:
    lock_release(src);
out:
    return rc;
}

/* Split "key=value" (NUL-terminated, at most 8 characters): the index of
 * the '=' or a negative error; a goto leaves the scanning loop. */
int split_kv(const char s[8])
{
    int i;
    for (i = 0; i < 8; i++) {
        if (s[i] == 0)
            goto no_sep;
        if (s[i] == '=')
            goto found;
        if (s[i] == ' ' || s[i] == '\t')
            goto bad_char;
    }
no_sep:
    return -1;
bad_char:
    return -2;
found:
    if (i == 0)
        return -3;
    return i;
}

/* State machines written with backward gotos, one label a state, as lexers
 * and protocol handlers are. */

/* Scan an optionally signed decimal number at the start of s (8 characters
 * at most, ended by NUL or a blank): its length, the value in *val; -1 on a
 * syntax error or an overflow past 99999. */
int scan_int(const char s[8], int *val)
{
    int i = 0, neg = 0, v = 0;

    if (s[0] == '-' || s[0] == '+') {
        neg = s[0] == '-';
        i++;
    }
    if (s[i] < '0' || s[i] > '9')
        goto error;
digit:
    v = v * 10 + (s[i] - '0');
    if (v > 99999)
        goto error;
    i++;
    if (i < 8 && s[i] >= '0' && s[i] <= '9')
        goto digit;
    if (i < 8 && s[i] != 0 && s[i] != ' ')
        goto error;
    *val = neg ? -v : v;
    return i;
error:
    return -1;
}

enum { EV_SYN, EV_ACK, EV_DATA, EV_FIN, EV_RST };

int next_event(void);

/* A connection's handshake and data phase over at most max events: the
 * number of data events of an orderly close, -1 on a timeout, -2 if the
 * peer reset an established connection. */
int session(int max)
{
    int n = 0, data = 0;

    if (max > 6)
        max = 6;
closed:
    if (n++ >= max)
        goto timeout;
    switch (next_event()) {
    case EV_SYN:
        goto syn_rcvd;
    default:
        goto closed;
    }
syn_rcvd:
    if (n++ >= max)
        goto timeout;
    switch (next_event()) {
    case EV_ACK:
        goto established;
    case EV_RST:
        goto closed;
    default:
        goto syn_rcvd;
    }
established:
    if (n++ >= max)
        goto timeout;
    switch (next_event()) {
    case EV_DATA:
        data++;
        goto established;
    case EV_FIN:
        return data;
    case EV_RST:
        return -2;
    default:
        goto established;
    }
timeout:
    return -1;
}

/* Skip C comments in a token stream of 8 characters: the number of
 * characters outside comments, -1 for an unterminated comment. */
int strip_comments(const char s[8])
{
    int i = 0, kept = 0;
text:
    if (i >= 8 || s[i] == 0)
        return kept;
    if (s[i] == '/' && i + 1 < 8 && s[i + 1] == '*') {
        i += 2;
        goto comment;
    }
    kept++;
    i++;
    goto text;
comment:
    if (i >= 8 || s[i] == 0)
        return -1;
    if (s[i] == '*' && i + 1 < 8 && s[i + 1] == '/') {
        i += 2;
        goto text;
    }
    i++;
    goto comment;
}

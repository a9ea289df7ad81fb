/* switch with fall-through, default, no default, char and unsigned cases. */

int classify(int c)
{
    int r = 0;
    switch (c) {
    case 0:
        r += 1;
        /* fall through */
    case 1:
        r += 2;
        break;
    case 2:
    case 3:
        r = 10;
        break;
    case -1:
        return -1;
    default:
        r = 100;
    }
    return r;
}

int no_default(unsigned int x)
{
    int r = 5;
    switch (x % 5) {
    case 1:
        r = 1;
        break;
    case 4:
        r = 4;
    }
    return r;
}

int char_switch(char c)
{
    switch (c) {
    case 'a':
        return 1;
    case 'b':
    case 'c':
        return 2;
    case '\n':
        return 3;
    default:
        break;
    }
    return 0;
}

int switch_in_loop(int n)
{
    int i, s = 0;
    for (i = 0; i < n && i < 12; i++) {
        switch (i & 3) {
        case 0:
            continue;
        case 1:
            s += 1;
            break;
        default:
            s += i;
        }
        s *= 2;
    }
    return s;
}

int switch_unsigned(unsigned int u)
{
    switch (u) {
    case 4294967295u:
        return 1;
    case 0:
        return 2;
    case 0x80000000u:
        return 3;
    }
    return 4;
}

int switch_long(long x)
{
    switch (x) {
    case 1L << 40:
        return 1;
    case -1:
        return 2;
    case 7:
    default:
        return 3;
    }
}

int switch_char_promoted(unsigned char c)
{
    int r = 0;
    switch (c) {
    case 255:
        r = 1;
        break;
    case 0:
        r = 2;
        break;
    case 128:
        r = 3;
        /* fall through */
    case 129:
        r += 4;
        break;
    }
    return r;
}

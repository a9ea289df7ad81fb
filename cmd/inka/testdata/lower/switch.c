/* switch: one test per label in source order, default last. */
int classify(int c)
{
    switch (c) {
    case 'a':
        return 1;
    case 'b':
        c = 2;
        break;
    default:
        c = 0;
    }
    return c;
}

int fallthrough(int x)
{
    int r = 0;
    switch (x) {
    case 0:
    case 1:
        r += 1;
    case 2:
        r += 2;
        break;
    default:
        r = -1;
    case 5:
        r *= 3;
    }
    return r;
}

int inloop(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        switch (i % 4) {
        case 0:
            continue;
        case 1:
            s++;
            break;
        case 3:
            return s;
        }
        s += 10;
    }
    return s;
}

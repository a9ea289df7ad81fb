/* Conversions at calls and returns, control flow leaving loops and
 * switches from inside, side effects in loop headers. */

static unsigned char low_byte(unsigned int x)
{
    return x;                       /* converted to unsigned char */
}

static unsigned int minus_one(void)
{
    return -1;
}

static long widen_arg(short s)
{
    return s;
}

static void set_flag(_Bool *b, int v)
{
    *b = v;
}

int call_conversions(int x)
{
    _Bool f;
    long r = low_byte(x) + widen_arg(x);
    set_flag(&f, x & 6);
    if (minus_one() > 0)
        r += f;
    return (int)r;
}

int return_from_switch_in_loop(int n)
{
    int i;
    for (i = 0; i < 10; i++) {
        switch ((i + n) % 4) {
        case 0:
            break;
        case 3:
            if (i > 2)
                return i * 10;
            break;
        default:
            do {
                if (n < 0)
                    break;
                n--;
            } while (n > 5);
            continue;
        }
        n += 2;
    }
    return n;
}

int side_effect_header(int a, int b)
{
    int i, j, s = 0;
    for (i = 0, j = b; i < a && j > -20; i++, j -= 3)
        s += i * j;
    return s;
}

static int steps;

static int next_value(int *state)
{
    steps++;
    *state = *state * 3 + 1;
    return *state % 7;
}

int while_with_call(int seed)
{
    int st = seed % 1000, n = 0;
    steps = 0;
    while (next_value(&st) != 0 && n < 12)
        n++;
    return n * 100 + steps;
}

int forever(int x)
{
    for (;;) {
        if (x % 5 == 0)
            return x;
        x = x / 2 + 1;
        if (x > 100000 || x < -100000)
            x = 7;
    }
}

int ternary_side(int a, int b)
{
    int k = 0;
    int r = (a > b ? (k++, a) : b > 0 ? (k += 2, b) : (k += 4, 0));
    return r + k * 1000;
}

static int depth_sum(int n, int *acc)
{
    int local = n;
    if (n <= 0)
        return *acc;
    *acc += local;
    return depth_sum(n - 1, acc) + (local & 1);
}

int recursive_pointer(int n)
{
    int acc = 0;
    return depth_sum(n % 50, &acc);
}

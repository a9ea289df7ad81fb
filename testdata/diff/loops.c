/* Loops with break and continue, do-while, nested loops. */

int sum_to(int n)
{
    int s = 0, i;
    if (n > 100)
        n = 100;
    for (i = 0; i < n; i++) {
        if (i % 3 == 0)
            continue;
        if (s > 500)
            break;
        s += i;
    }
    return s;
}

int halvings(int x)
{
    int k = 0;
    do {
        x = x / 2;
        k++;
    } while (x != 0 && k < 40);
    return k;
}

int nested(int a, int b)
{
    int i, j, c = 0;
    for (i = 0; i < 5; i++) {
        for (j = 0; j < 5; j++) {
            if (j == a)
                break;
            if (i == b)
                continue;
            c++;
        }
        if (c > 10)
            break;
    }
    return c;
}

int collatz(unsigned int n)
{
    int steps = 0;
    while (n != 1 && steps < 60) {
        if (n % 2)
            n = 3 * n + 1;
        else
            n /= 2;
        steps++;
    }
    return steps;
}

int early_return(int x)
{
    int k = 0;
    for (;;) {
        if (x > 1000)
            return 1;
        if (x < -1000)
            return -1;
        if (x == 0)
            return 0;
        x *= 2;
        k++;
        if (k > 40)
            break;
    }
    return 2;
}

int while_countdown(int n, int step)
{
    int iters = 0;
    if (step <= 0)
        step = 1;
    while (n > 0) {
        n -= step;
        iters++;
        if (iters >= 30)
            break;
    }
    return iters * 100 + n % 100;
}

/* Labels and goto: every shape the front end structures, each run by the
 * interpreter and by gcc on the same inputs (interp/diff_test.go). */

/* A forward exit. */
int clamp_pos(int x)
{
    if (x < 0)
        goto out;
    x = x * 2;
out:
    return x;
}

/* Error exits that share a cleanup, labels falling into one another. */
int open_pair(int a, int b, int *log)
{
    int r = 0;
    *log = 0;
    if (a < 0)
        goto fail;
    *log += 1;
    if (b < 0)
        goto undo_a;
    *log += 2;
    if (a + b > 100)
        goto undo_b;
    return a + b;
undo_b:
    *log += 10;
undo_a:
    *log += 20;
fail:
    r = -1;
    return r;
}

/* A backward goto loop. */
int sum_down(int n)
{
    int s = 0;
    if (n > 20)
        n = 20;
again:
    s += n;
    if (--n > 0)
        goto again;
    return s;
}

/* Out of two nested loops at once. */
int find2(int m[3][3], int k)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            if (m[i][j] == k)
                goto found;
    return -1;
found:
    return i * 3 + j;
}

/* Into the middle of a loop body: the first iteration starts at the label. */
int into_loop(int n, int skip)
{
    int s = 0, i = 0;
    if (n > 10)
        n = 10;
    if (skip)
        goto mid;
    while (i < n) {
        s += 100;
    mid:
        s += i;
        i++;
    }
    return s;
}

/* Into the else branch of an if, and into a nested block. */
int into_branch(int x, int y)
{
    int r = 0;
    if (y > 5)
        goto inner;
    if (x > 0) {
        r = 1;
    } else {
        r = 2;
        {
            r += 10;
        inner:
            r += 100;
        }
    }
    return r;
}

/* A goto from the then branch into the else branch (a loop in the
 * structured form, taken once). */
int cross_branch(int x)
{
    int r = 0;
    if (x > 0) {
        r = 1;
        if (x > 10)
            goto other;
        r += 2;
    } else {
    other:
        r += 4;
    }
    return r;
}

/* A for loop entered by a goto skips its initialization. */
int skip_init(int n, int start)
{
    int i = start, s = 0;
    if (i < 0 || i > 5 || n > 8)
        return -1;
    if (n > 3)
        goto body;
    for (i = 0; i < n; i++) {
    body:
        s = s * 2 + i;
    }
    return s;
}

/* A do-while entered in its middle. */
int into_do(int n, int late)
{
    int s = 0;
    if (n > 6)
        n = 6;
    if (late)
        goto second;
    do {
        s += 1;
    second:
        s += 10;
    } while (--n > 0);
    return s;
}

/* A goto out of a loop back to a label before it: a retry. */
int retry(int a, int b)
{
    int tries = 0;
again:
    tries++;
    for (int i = 0; i < 3; i++) {
        if (a + i == b && tries < 4) {
            b++;
            goto again;
        }
    }
    return tries * 10 + b;
}

/* Overlapping backward gotos, made one loop. */
int two_labels(int n)
{
    int s = 0;
    if (n > 15 || n < 0)
        return 0;
top:
    s++;
mid:
    s += 2;
    n--;
    if (n > 10)
        goto top;
    if (n > 0)
        goto mid;
    return s;
}

/* A goto to the end of a loop body, as continue. */
int skip_odd(int a[6])
{
    int s = 0;
    for (int i = 0; i < 6; i++) {
        if (a[i] % 2)
            goto next;
        s += a[i];
    next:;
    }
    return s;
}

/* A goto out of a switch, and one between two of its cases. */
int dispatch(int op, int x)
{
    int r = 0;
    switch (op) {
    case 0:
        r = x;
        break;
    case 1:
        if (x < 0)
            goto bad;
        r = -x;
        goto shared;
    case 2:
        r = 2 * x;
    shared:
        r += 1;
        break;
    default:
        goto bad;
    }
    return r;
bad:
    return -100;
}

/* A goto into a case of a switch from outside it. */
int into_case(int op, int direct)
{
    int r = 0;
    if (direct)
        goto two;
    switch (op) {
    case 1:
        r += 1;
    case 2:
    two:
        r += 2;
        break;
    case 3:
        r += 3;
    }
    return r;
}

/* A case label inside an if of the switch's body. */
int nested_case(int op, int flag)
{
    int r = 0;
    switch (op) {
    case 0:
        if (flag) {
            r = 10;
        case 1:
            r += 1;
        } else {
            r = 20;
        }
        break;
    default:
        r = -1;
    }
    return r;
}

/* Duff's device, over an array. */
int duff(int n, int a[8])
{
    int s = 0, i = 0;
    if (n <= 0 || n > 8)
        return 0;
    int rounds = (n + 3) / 4;
    switch (n % 4) {
    case 0:
        do {
            s += a[i++];
    case 3:
            s += a[i++];
    case 2:
            s += a[i++];
    case 1:
            s += a[i++];
        } while (--rounds > 0);
    }
    return s;
}

/* A label no goto names, and one named by a goto that is never taken. */
int unused_labels(int x)
{
    if (x > 1000)
        goto never;
start:
    x++;
    if (x > 5) {
    big:
        x = 5;
    }
never:
    return x;
}

/* A state machine in the style of a lexer: backward gotos between states. */
int count_runs(const int s[8])
{
    int i = 0, runs = 0;
state_out:
    if (i >= 8)
        goto done;
    if (s[i] != 0) {
        runs++;
        i++;
        goto state_in;
    }
    i++;
    goto state_out;
state_in:
    if (i >= 8)
        goto done;
    if (s[i] == 0) {
        i++;
        goto state_out;
    }
    i++;
    goto state_in;
done:
    return runs;
}

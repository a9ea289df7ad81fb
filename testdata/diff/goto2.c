/* More shapes of goto: sibling blocks, jumps back into loops, gotos inside
 * switches inside loops (interp/diff_test.go runs them against gcc). */

/* From one block into a sibling block. */
int sibling(int x)
{
    int r = 0;
    {
        r += 1;
        if (x > 3)
            goto second;
        r += 2;
    }
    {
        r += 10;
    second:
        r += 100;
    }
    return r;
}

/* Back into the body of a loop that has finished. */
int reenter(int n, int k)
{
    int s = 0, i = 0;
    if (n > 5 || n < 0 || k < 0 || k > 3)
        return -1;
    while (i < n) {
        s += 1;
    inside:
        s += 10;
        i++;
    }
    if (k-- > 0) {
        i = n - 1;
        goto inside;
    }
    return s;
}

/* A goto inside a switch inside a loop: to the loop's end, and out. */
int tokens(const int t[6])
{
    int n = 0;
    for (int i = 0; i < 6; i++) {
        switch (t[i]) {
        case 0:
            goto end;
        case 1:
        case 2:
            n += t[i];
            goto next;
        default:
            break;
        }
        n += 100;
    next:
        n *= 2;
        if (n > 10000)
            goto end;
    }
end:
    return n;
}

/* Into a switch with no default, to a case from outside; the switch is in
 * a loop, so its break flag is reused. */
int sw_loop(int a, int b)
{
    int r = 0;
    for (int i = 0; i < 3; i++) {
        if (i == 1 && b)
            goto c2;
        switch (a + i) {
        case 1:
            r += 1;
            break;
        case 2:
        c2:
            r += 20;
            break;
        }
    }
    return r;
}

/* A label at the very end, reached by a jump out of a do-while. */
int do_exit(int n)
{
    int s = 0;
    if (n > 9)
        n = 9;
    do {
        if (s > 12)
            goto out;
        s += n;
    } while (n-- > 0);
    s = -s;
out:;
    return s;
}

/* Jumps in dead code, and a label reached only by a goto after a return. */
int dead_code(int x)
{
    if (x > 0)
        goto pos;
    return 0;
    x = 5;
    goto pos;
pos:
    return x;
}

/* A backward goto from inside a nested loop to a label before the outer
 * loop. */
int restart(int a[4])
{
    int passes = 0, i, j;
top:
    passes++;
    for (i = 0; i < 4; i++) {
        for (j = i + 1; j < 4; j++) {
            if (a[i] > a[j] && passes < 5) {
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
                goto top;
            }
        }
    }
    return passes;
}

/* A case label inside a loop of the switch body (a Duff-like entry into
 * a while). */
int enter_while(int k, int n)
{
    int s = 0;
    if (n > 5)
        n = 5;
    switch (k) {
    case 0:
        while (n > 0) {
            s += 1;
    case 1:
            s += 10;
            n--;
        }
        break;
    default:
        s = -1;
    }
    return s;
}

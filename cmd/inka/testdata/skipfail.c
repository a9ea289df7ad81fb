/* Two functions inka answers and one whose analysis fails (pointer
 * arithmetic off a scalar, met while setting up what read_into may
 * store): that one is skipped with its reason, the others are answered,
 * the status is 2 and the JSON is printed. */
int read_into(int *out);

int first(int a) { if (a > 2) return 1; return 0; }

int broken(int c)
{
    int x = 1;
    int *p = &x;
    read_into(&x);
    p = p + c;
    return *(p - c);
}

int last(int a) { if (a < -2) return 1; return 0; }

int f(int n)
{
    int s = 0;
    switch (n % 2) {
    case 0:
        do {
            s++;
    case 1:
            s++;
        } while (--n > 0);
    }
    return s;
}

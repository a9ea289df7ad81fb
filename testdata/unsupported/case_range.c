int f(int x)
{
    switch (x) {
    case 1 ... 5:
        return 1;
    }
    return 0;
}

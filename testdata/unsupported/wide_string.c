int f(int i)
{
    const int *w = L"wide";
    return w[i];
}

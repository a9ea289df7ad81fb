int *table = (int[]){ 1, 2, 3 };

int f(int i)
{
    return table[i];
}

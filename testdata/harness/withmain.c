/* A file with its own main: the harness renames it (it has a main of its
 * own) and tests it like any other function, in the plain builds and in
 * the probed build of validate. */

int threshold;

int over(int x)
{
    if (x > threshold)
        return 1;
    return 0;
}

int main(void)
{
    if (over(7))
        return 3;
    return 0;
}

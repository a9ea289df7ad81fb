/* The classic triangle classifier, over double side lengths. */
enum { NOT_A_TRIANGLE, SCALENE, ISOSCELES, EQUILATERAL, RIGHT };

int triangle(double a, double b, double c)
{
    if (!(a > 0.0 && b > 0.0 && c > 0.0))
        return NOT_A_TRIANGLE; /* NaN sides too */
    if (a + b <= c || a + c <= b || b + c <= a)
        return NOT_A_TRIANGLE;
    if (a == b && b == c)
        return EQUILATERAL;
    if (a == b || b == c || a == c)
        return ISOSCELES;
    if (a * a + b * b == c * c || a * a + c * c == b * b || b * b + c * c == a * a)
        return RIGHT;
    return SCALENE;
}

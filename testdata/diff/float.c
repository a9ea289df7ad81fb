/* The floating-point corpus of the differential test: every operator and
 * conversion on float and double, the math functions inka computes, and
 * floating-point values in memory (globals, members, arrays, unions). */
#include <math.h>

#define BIN(T, name, op) T name(T a, T b) { return a op b; }
#define CMP(T, name, op) int name(T a, T b) { return a op b; }
#define CONV(F, T, name) T name(F x) { return (T)x; }

BIN(double, d_add, +) BIN(double, d_sub, -) BIN(double, d_mul, *) BIN(double, d_div, /)
BIN(float, f_add, +) BIN(float, f_sub, -) BIN(float, f_mul, *) BIN(float, f_div, /)
CMP(double, d_eq, ==) CMP(double, d_ne, !=) CMP(double, d_lt, <) CMP(double, d_le, <=)
CMP(double, d_gt, >) CMP(double, d_ge, >=)
CMP(float, f_eq, ==) CMP(float, f_lt, <) CMP(float, f_ge, >=)

CONV(double, float, d2f) CONV(float, double, f2d)
CONV(double, signed char, d2sc) CONV(double, unsigned char, d2uc) CONV(double, short, d2s)
CONV(double, unsigned short, d2us) CONV(double, int, d2i) CONV(double, unsigned, d2u)
CONV(double, long, d2l) CONV(double, unsigned long, d2ul) CONV(double, _Bool, d2b)
CONV(float, int, f2i) CONV(float, unsigned, f2u) CONV(float, long long, f2ll)
CONV(float, unsigned long long, f2ull) CONV(float, char, f2c) CONV(float, _Bool, f2b)
CONV(int, double, i2d) CONV(unsigned, double, u2d) CONV(long, double, l2d)
CONV(unsigned long, double, ul2d) CONV(int, float, i2f) CONV(unsigned, float, u2f)
CONV(long long, float, ll2f) CONV(unsigned long long, float, ull2f)
CONV(short, float, s2f) CONV(unsigned char, double, uc2d) CONV(_Bool, float, b2f)

/* No contraction into a fused multiply-add; float arithmetic rounds to
 * float at each step. */
double d_fma(double a, double b, double c) { return a * b + c; }
float f_chain(float a, float b, float c) { return (a + b) * c - a / b; }
double mixed(float f, int i, double d) { return f * i + d / f - (float)d; }
int mixed_cmp(float f, double d, long l) { return (f < d) + 2 * (l == f) + 4 * (d >= l); }

double neg(double x) { return -x; }
float negf(float x) { return -x; }
int not_d(double x) { return !x; }
int truth(float x, double y) { return (x && y) + 2 * (x || !y) + 4 * (x ? 1 : 0); }
double inc(double x) { x++; ++x; return x--; }
int compound(int i, double d) { i += d; i *= 0.5; i -= d; return i; }
unsigned char saturate(double v) { return v <= 0 ? 0 : v >= 255 ? 255 : (unsigned char)v; }

double m_sqrt(double x) { return sqrt(x); }
float m_sqrtf(float x) { return sqrtf(x); }
double m_fabs(double x) { return fabs(x); }
double m_floor(double x) { return floor(x); }
float m_ceilf(float x) { return ceilf(x); }
double m_trunc(double x) { return trunc(x); }
double m_round(double x) { return round(x); }
float m_roundf(float x) { return roundf(x); }
double m_fmin(double x, double y) { return fmin(x, y); }
double m_fmax(double x, double y) { return fmax(x, y); }
float m_fminf(float x, float y) { return fminf(x, y); }
double m_fmod(double x, double y) { return fmod(x, y); }
float m_fmodf(float x, float y) { return fmodf(x, y); }

double gd;
float gf;
struct sample { int id; float weight; double value; };

/* Floating-point values in memory: a global, members, an array. */
double accumulate(struct sample *s, int n)
{
    double sum = 0;
    for (int i = 0; i < n && i < 4; i++) {
        s[i].value = s[i].value * s[i].weight;
        sum += s[i].value;
    }
    gd = sum;
    gf = (float)sum;
    return sum / (n > 0 ? n : 1);
}

/* The bytes of a double, through a union and through a character pointer. */
union pun { double d; unsigned long long u; unsigned char b[8]; };
unsigned long long bits(double x)
{
    union pun p;
    p.d = x;
    return p.u;
}
int sign_byte(double x)
{
    const unsigned char *c = (const unsigned char *)&x;
    return c[7] >> 7;
}

/* Constants in every form. */
double constants(int k)
{
    static const double table[] = {0.1, 1e-310, 0x1.fffffffffffffp+1023, 0x1p-1074, -0.0, 1.0 / 3};
    static const float ftable[] = {0.1f, 1.0000000596046447755f, 3.4028235e38f, 0x1p-149f, 16777217.0f};
    if (k >= 0 && k < 6)
        return table[k];
    if (k >= 6 && k < 11)
        return ftable[k - 6];
    return k == 11 ? INFINITY : k == 12 ? -HUGE_VAL : NAN;
}

/* Floating-point arguments and results of undefined callees (stubs). */
double read_sensor(int channel);
void log_reading(float v, double scaled);
double sample(int channel)
{
    double v = read_sensor(channel);
    if (v > 1.0)
        log_reading((float)v, v * 2);
    return v;
}

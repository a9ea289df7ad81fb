/* Callees that take pointers: into the object behind a pointer input (the
 * stub checks the address), to a local (the stub checks the value it
 * points to), and one through which the callee stores a value (the stub
 * stores what inka chose). */

struct record {
    int id;
    int score;
    struct record *next;
};

enum level { LOW, HIGH };

int fetch(struct record *r, enum level lv);
int measure(int *out);

int rank(struct record *r, int k)
{
    int m = 0;
    if (r == 0)
        return -1;
    if (fetch(&r[k & 1], k > 2 ? HIGH : LOW) > 0)
        r[0].score += 1;
    if (measure(&m) && m > 10)
        return r[0].score + m;
    return r[1].id;
}

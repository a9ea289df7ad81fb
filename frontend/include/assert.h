/* inka's <assert.h>: replaces the system header so that the front end
 * recognises assert() exactly (a call to __inka_assert), whatever the C
 * library. Like the standard header, it may be included several times and
 * follows NDEBUG at each inclusion. */
#undef assert
#ifdef NDEBUG
# define assert(expr) ((void) 0)
#else
void __inka_assert(_Bool);
# define assert(expr) __inka_assert(expr)
#endif
#if defined __STDC_VERSION__ && __STDC_VERSION__ >= 201112L
# undef static_assert
# define static_assert _Static_assert
#endif

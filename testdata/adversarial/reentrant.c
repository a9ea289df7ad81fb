/* Undefined callees may call back into the file's functions, which
 * change the globals and block-scope statics they write: a proof that
 * such state does not change across the call holds for inka's stubs only. */

void notify(void);
void emit_event(int kind);

static int listeners;

void subscribe(void) { listeners++; }
void unsubscribe_all(void) { listeners = 0; }

/* notify() may call unsubscribe_all(). */
int broadcast(void)
{
	listeners = 3;
	notify();
	if (listeners == 0)
		return -1;
	return listeners;
}

/* The repro: a block-scope static reset by a call back. */
int pump(int reset)
{
	static int pending;
	if (reset) {
		pending = 0;
		return 0;
	}
	pending = 1;
	emit_event(pending);
	if (pending == 0)
		return 2; /* emit_event called pump(1) */
	return 1;
}

/* A static no function writes keeps its value: the proof stands. */
int generation(void)
{
	static const int gen = 7;
	static int fixed = 5;
	notify();
	if (fixed != 5 || gen != 7)
		return 1;
	return 0;
}

#ifndef DOSECAL_CLIBICAL_SHIM_H
#define DOSECAL_CLIBICAL_SHIM_H
#include <libical/ical.h>

/// icalerrno is a macro over a per-thread lvalue; expose it as functions.
static inline int dosecal_icalerrno(void) { return (int)icalerrno; }
static inline void dosecal_icalerrno_clear(void) { icalerror_clear_errno(); }
#endif

// The schedule model, wall clock, supply, reminders and plan live in DoseCalCore (no libical);
// a client of DoseCal sees them without importing it, as before the split.
@_exported public import DoseCalCore

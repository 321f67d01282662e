// The core's values (dates, times, zones) come from the pure time layer; a client of
// DoseCalCore sees them without importing it.
@_exported public import CalendarTime

// The codec's values (dates, zones, rules) come from the pure time layer; a client of ICal
// sees them without importing it.
@_exported public import CalendarTime

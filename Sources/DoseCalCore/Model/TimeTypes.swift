public import CalendarTime

// CalendarTime's civil values under their own names, for every file of the core without an import
// of its own. One name per type: a dose time is a `LocalTime` (decision 0286).

/// A calendar date with no zone (the schedule's `YYYY-MM-DD`).
public typealias LocalDate = CalendarTime.LocalDate
/// A time of day with no zone (the schedule's `HH:MM` dose times).
public typealias LocalTime = CalendarTime.LocalTime
public typealias LocalDateTime = CalendarTime.LocalDateTime
public typealias Weekday = CalendarTime.Weekday

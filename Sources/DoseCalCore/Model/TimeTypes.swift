public import CalendarTime

/// A calendar date with no zone (the schedule's `YYYY-MM-DD`).
public typealias LocalDate = CalendarTime.LocalDate
/// A wall-clock dose time (the schedule's `HH:MM`).
public typealias WallTime = CalendarTime.LocalTime
public typealias LocalDateTime = CalendarTime.LocalDateTime
public typealias Weekday = CalendarTime.Weekday

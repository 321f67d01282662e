public import ICal

/// A calendar date with no zone (the schedule's `YYYY-MM-DD`).
public typealias LocalDate = ICal.LocalDate
/// A wall-clock dose time (the schedule's `HH:MM`).
public typealias WallTime = ICal.LocalTime
public typealias LocalDateTime = ICal.LocalDateTime
public typealias Weekday = ICal.Weekday

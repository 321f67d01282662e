extension RecurrenceRule {
    /// Whether the schedule model has words for every part of the rule: FREQ, UNTIL, COUNT,
    /// INTERVAL, BYMONTH, BYMONTHDAY, BYDAY and WKST only. A rule with any other (BYSETPOS,
    /// BYHOUR, BYYEARDAY, `X-...`) is held as read but not mapped onto a schedule.
    var fitsScheduleModel: Bool {
        bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byYearDay.isEmpty && byWeekNo.isEmpty
            && bySetPos.isEmpty && otherParts.isEmpty
    }
}

import Testing

@testable import DoseCal

/// Amounts in dose texts: whole numbers without ".0", fractions as written, and no trap on a
/// total too large for an Int (a strength of twenty digits times a dose).
@Suite struct FeedAmountTests {
    @Test func wholeAndFractionalAmounts() {
        #expect(FeedText.amount(40) == "40")
        #expect(FeedText.amount(0.5) == "0.5")
        #expect(FeedText.amount(2.25) == "2.25")
        #expect(FeedText.total("10 mg", times: 4) == "40 mg")
        #expect(FeedText.total("0.1 mg", times: 3) == "0.3 mg")
    }

    @Test func totalsBeyondAnIntAreWrittenNotTrapped() {
        #expect(FeedText.amount(1e20) == "1e+20")
        #expect(FeedText.amount(-1e19) == "-1e+19")
        let total = FeedText.total("99999999999999999999 mg", times: 1000)
        #expect(total?.hasSuffix("e+23 mg") == true, "\(total ?? "nil")")
    }
}

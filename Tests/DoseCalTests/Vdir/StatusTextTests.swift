import Foundation
import Testing

@testable import DoseCal

/// A file's etag is the text it always was (`EtagText`), whatever its numbers.
@Suite struct StatusTextTests {
    /// `mtime(s.ns)-inode-size`: negative and largest numbers too.
    @Test func anEtagIsItsNumbersText() {
        let cases: [(Int, Int, UInt64, Int64)] = [
            (1_796_171_795, 661_249_62, 16_547_936, 917), (0, 0, 0, 0), (-5, 999_999_999, UInt64.max, Int64.max),
            (Int.min, 1, 1, 1),
        ]
        for (seconds, nanoseconds, inode, size) in cases {
            var st = stat()
            st.st_mode = S_IFREG | 0o600
            st.st_mtim.tv_sec = seconds
            st.st_mtim.tv_nsec = nanoseconds
            st.st_ino = numericCast(inode)
            st.st_size = numericCast(size)
            let expected = "\(seconds).\(nanoseconds)-\(inode)-\(size)"
            let text = EtagText(FileStatus(st))
            #expect(text.string == expected)
            #expect(text.equals(expected))
            #expect(!text.equals(expected + "0"))
            #expect(!text.equals(String(expected.dropLast())))
            #expect(VdirFolder.etag(FileStatus(st)) == expected)
        }
    }
}

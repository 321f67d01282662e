// libFuzzer target `vdir`: the reader of vdir sync-folder items. The input is split into items
// at lines `--item--`; each item is read as sync does (`VdirContent`: UIDs and content hash), and
// all of them as one calendar (`ReturnedCalendar(parsingItems:)`). Built by scripts/fuzz.sh; any
// crash, trap, hang or sanitizer report is a bug.
import DoseCal
import Foundation
import ICal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var items: [[UInt8]] = [[]]
    let marker = Array("--item--\n".utf8)
    var i = 0
    while i < bytes.count {
        if bytes[i...].starts(with: marker) {
            items.append([])
            i += marker.count
            continue
        }
        items[items.count - 1].append(bytes[i])
        i += 1
    }
    for item in items { _ = try? VdirContent(bytes: Data(item)) }
    if let calendar = try? ReturnedCalendar(parsingItems: items) {
        _ = calendar.series.count
    }
    return 0
}

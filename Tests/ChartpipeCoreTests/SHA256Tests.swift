@testable import ChartpipeCore
import XCTest

final class SHA256Tests: XCTestCase {
    /// Test vectors from FIPS 180-4's examples (NIST CSRC).
    func testKnownVectors() {
        XCTAssertEqual(SHA256.hex(Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Fed in pieces of every size across block boundaries, the digest is the one of the whole.
    func testIncrementalEqualsWhole() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for piece in [1, 3, 63, 64, 65, 200] {
            var hasher = SHA256.Hasher()
            var i = 0
            while i < data.count { hasher.update(data[i..<min(i + piece, data.count)]); i += piece }
            XCTAssertEqual(hasher.finalizeHex(), SHA256.hex(data), "\(piece)")
        }
    }

    /// A hasher is a value: a copy goes on from where it was copied, apart from the original, and
    /// reading the digest does not end either.
    func testACopyGoesOnApart() {
        var first = SHA256.Hasher()
        first.update(Array("ab".utf8))
        var second = first
        second.update(Array("c".utf8))
        XCTAssertEqual(first.finalizeHex(), SHA256.hex(Array("ab".utf8)))
        XCTAssertEqual(second.finalizeHex(), SHA256.hex(Array("abc".utf8)))
        first.update(Array("d".utf8))
        XCTAssertEqual(first.finalizeHex(), SHA256.hex(Array("abd".utf8)))
        XCTAssertEqual(second.finalizeHex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

import Testing

@testable import SplitViewApp

@Suite struct GeometryArgumentTests {
    @Test(arguments: ["1400x900", "1X1", "32767x32767"])
    func validSizesParse(_ text: String) {
        #expect(Geometry(argument: text) != nil)
    }

    @Test(arguments: ["0x900", "1400", "x900", "32768x10", "wide"])
    func invalidSizesAreRefused(_ text: String) {
        #expect(Geometry(argument: text) == nil)
    }
}

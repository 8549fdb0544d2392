import CGtk

/// What assistive technologies see. The C base (`EkChooserEntry`) gives the role `combo box`,
/// `expandable`, `expanded` with its change events, the name from the label or placeholder, and
/// `controller-for` the list; the field's text (its AT-SPI Text) is the picked item, so a screen
/// reader reads the value with the name and speaks each new one as it changes. The list core
/// exposes the rows on screen and reports the picked row as the field's active descendant; a
/// row selected or activated through AT-SPI is picked as a click picks it.
extension PickerField {
    /// The accessible of the picker's list (a `list` of the rows on screen).
    public var listAccessible: UnsafeMutablePointer<AtkObject> { list.canvas.accessible }
}

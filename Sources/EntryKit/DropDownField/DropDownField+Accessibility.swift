import CGtk

/// What assistive technologies see. Most of it comes from the C base (`EkChooserEntry`): the
/// role `combo box`, the states `expandable` and `expanded` with their change events, the name
/// from the label or placeholder, and `controller-for` the list; the list core reports its
/// highlighted row as the entry's active descendant, and commits a row chosen through AT-SPI
/// Selection or Action as a click does (``ListView/onActivate``).
extension DropDownField {
    /// The accessible of the list the field controls (a `list` of the rows on screen).
    public var listAccessible: UnsafeMutablePointer<AtkObject> { list.canvas.accessible }
}

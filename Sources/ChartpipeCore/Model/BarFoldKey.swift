/// The key under which `downsample` stores how it folded bars (`BarFold`).
public enum BarFoldKey: ContextKey {
    public typealias Value = BarFold
}

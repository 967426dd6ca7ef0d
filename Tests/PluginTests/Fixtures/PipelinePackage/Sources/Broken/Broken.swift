/// A target whose pipeline has a mistake.
public enum Broken {}

/// A target whose pipeline is valid.
public enum Good {}

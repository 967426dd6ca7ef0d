/// Adds stages to a registry built for a pipeline's folder: the built-ins, and later the plugins
/// found in the pipeline's `plugins/` folder or on `PATH`.
public protocol StageProvider: Sendable {
    func registrations(pipelineDirectory: String?) -> [StageRegistration]
}

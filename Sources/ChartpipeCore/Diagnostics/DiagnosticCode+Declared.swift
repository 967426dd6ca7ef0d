// The code of every diagnostic chartpipe writes, by what it is about. Generated once from the
// code literals of Sources (issue 35); new codes are added here by hand, and `all` lists each.

extension DiagnosticCode {
    // Of the aggregate stage.
    public static let aggregateEvery = DiagnosticCode(declared: "aggregate.every")
    public static let aggregatePartialBucket = DiagnosticCode(declared: "aggregate.partial-bucket")
    public static let aggregateTooManyBuckets = DiagnosticCode(declared: "aggregate.too-many-buckets")
    public static let aggregateWidthTooSmall = DiagnosticCode(declared: "aggregate.width-too-small")
    public static let aggregateZone = DiagnosticCode(declared: "aggregate.zone")

    // Of the chart stage (SVG).
    public static let chartFailed = DiagnosticCode(declared: "chart.failed")
    public static let chartNarrowWidth = DiagnosticCode(declared: "chart.narrow-width")
    public static let chartNeedsDescriptions = DiagnosticCode(declared: "chart.needs-descriptions")

    // Of comparing with an earlier run (--compare, diff).
    public static let compareBadManifest = DiagnosticCode(declared: "compare.bad-manifest")
    public static let compareMissing = DiagnosticCode(declared: "compare.missing")
    public static let compareNoManifest = DiagnosticCode(declared: "compare.no-manifest")
    public static let compareOtherPipeline = DiagnosticCode(declared: "compare.other-pipeline")

    // Of a chart's data after ingest.
    public static let dataAllSkipped = DiagnosticCode(declared: "data.all-skipped")
    public static let dataDuplicateX = DiagnosticCode(declared: "data.duplicate-x")
    public static let dataNoPoints = DiagnosticCode(declared: "data.no-points")
    public static let dataNoValues = DiagnosticCode(declared: "data.no-values")
    public static let dataOutsideRange = DiagnosticCode(declared: "data.outside-range")
    public static let dataUnsortedX = DiagnosticCode(declared: "data.unsorted-x")

    // Of the describe stage and command.
    public static let describeCatalog = DiagnosticCode(declared: "describe.catalog")
    public static let describeCatalogs = DiagnosticCode(declared: "describe.catalogs")
    public static let describeFailed = DiagnosticCode(declared: "describe.failed")
    public static let describeNeedsTrend = DiagnosticCode(declared: "describe.needs-trend")
    public static let describeUnavailableStage = DiagnosticCode(declared: "describe.unavailable-stage")

    // Of the downsample stage.
    public static let downsampleBarsFolded = DiagnosticCode(declared: "downsample.bars-folded")
    public static let downsampleBarsKept = DiagnosticCode(declared: "downsample.bars-kept")
    public static let downsampleCategoryKept = DiagnosticCode(declared: "downsample.category-kept")

    // Of reading a chart's source.
    public static let ingestBadCsv = DiagnosticCode(declared: "ingest.bad-csv")
    public static let ingestBadJson = DiagnosticCode(declared: "ingest.bad-json")
    public static let ingestBadQuery = DiagnosticCode(declared: "ingest.bad-query")
    public static let ingestBadValue = DiagnosticCode(declared: "ingest.bad-value")
    public static let ingestCannotConnect = DiagnosticCode(declared: "ingest.cannot-connect")
    public static let ingestCannotOpen = DiagnosticCode(declared: "ingest.cannot-open")
    public static let ingestDatabaseError = DiagnosticCode(declared: "ingest.database-error")
    public static let ingestDuplicateKey = DiagnosticCode(declared: "ingest.duplicate-key")
    public static let ingestFieldTooLong = DiagnosticCode(declared: "ingest.field-too-long")
    public static let ingestFileTooLarge = DiagnosticCode(declared: "ingest.file-too-large")
    public static let ingestLeapSecond = DiagnosticCode(declared: "ingest.leap-second")
    public static let ingestMissingField = DiagnosticCode(declared: "ingest.missing-field")
    public static let ingestNoRecords = DiagnosticCode(declared: "ingest.no-records")
    public static let ingestNotAFile = DiagnosticCode(declared: "ingest.not-a-file")
    public static let ingestQueryFailed = DiagnosticCode(declared: "ingest.query-failed")
    public static let ingestQueryTimeout = DiagnosticCode(declared: "ingest.query-timeout")
    public static let ingestReadOnly = DiagnosticCode(declared: "ingest.read-only")
    public static let ingestRecordTooLarge = DiagnosticCode(declared: "ingest.record-too-large")
    public static let ingestSkippedEverything = DiagnosticCode(declared: "ingest.skipped-everything")
    public static let ingestSkippedRecord = DiagnosticCode(declared: "ingest.skipped-record")
    public static let ingestSkippedRecords = DiagnosticCode(declared: "ingest.skipped-records")
    public static let ingestTooDeep = DiagnosticCode(declared: "ingest.too-deep")
    public static let ingestTooManyColumns = DiagnosticCode(declared: "ingest.too-many-columns")
    public static let ingestTooManyPoints = DiagnosticCode(declared: "ingest.too-many-points")
    public static let ingestTooManySeries = DiagnosticCode(declared: "ingest.too-many-series")
    public static let ingestUnreadable = DiagnosticCode(declared: "ingest.unreadable")

    // Of chartpipe merge.
    public static let mergeForeignShard = DiagnosticCode(declared: "merge.foreign-shard")
    public static let mergeMissingShard = DiagnosticCode(declared: "merge.missing-shard")
    public static let mergeNoPipeline = DiagnosticCode(declared: "merge.no-pipeline")
    public static let mergeNoShards = DiagnosticCode(declared: "merge.no-shards")
    public static let mergeOtherCount = DiagnosticCode(declared: "merge.other-count")
    public static let mergeOtherPipeline = DiagnosticCode(declared: "merge.other-pipeline")
    public static let mergeOtherVersion = DiagnosticCode(declared: "merge.other-version")
    public static let mergePipelineChanged = DiagnosticCode(declared: "merge.pipeline-changed")
    public static let mergeUnfinishedShard = DiagnosticCode(declared: "merge.unfinished-shard")

    // Of a stage's options.
    public static let optionsInvalid = DiagnosticCode(declared: "options.invalid")
    public static let optionsMissing = DiagnosticCode(declared: "options.missing")

    // Of the output folder.
    public static let outputChangedWhileRead = DiagnosticCode(declared: "output.changed-while-read")
    public static let outputDiskFull = DiagnosticCode(declared: "output.disk-full", exit: .diskFull)
    public static let outputForeignManifest = DiagnosticCode(declared: "output.foreign-manifest", exit: .usage)
    public static let outputLocked = DiagnosticCode(declared: "output.locked", exit: .usage)
    public static let outputNotAFile = DiagnosticCode(declared: "output.not-a-file")
    public static let outputNotAFolder = DiagnosticCode(declared: "output.not-a-folder", exit: .usage)
    public static let outputOtherPipeline = DiagnosticCode(declared: "output.other-pipeline", exit: .usage)
    public static let outputOutside = DiagnosticCode(declared: "output.outside")
    public static let outputSymbolicLink = DiagnosticCode(declared: "output.symbolic-link", exit: .usage)
    public static let outputUnlistedFile = DiagnosticCode(declared: "output.unlisted-file", exit: .usage)
    public static let outputUnwritable = DiagnosticCode(declared: "output.unwritable", exit: .usage)
    public static let outputWriteFailed = DiagnosticCode(declared: "output.write-failed")

    // Of a pipeline file.
    public static let pipelineBrokenDeclaration = DiagnosticCode(declared: "pipeline.broken-declaration")
    public static let pipelineChartCheck = DiagnosticCode(declared: "pipeline.chart-check")
    public static let pipelineDuplicateStage = DiagnosticCode(declared: "pipeline.duplicate-stage")
    public static let pipelineEmpty = DiagnosticCode(declared: "pipeline.empty")
    public static let pipelineInvalidJson = DiagnosticCode(declared: "pipeline.invalid-json")
    public static let pipelineInvalidValue = DiagnosticCode(declared: "pipeline.invalid-value")
    public static let pipelineMisplacedStage = DiagnosticCode(declared: "pipeline.misplaced-stage")
    public static let pipelineMissingKey = DiagnosticCode(declared: "pipeline.missing-key")
    public static let pipelineMissingNeed = DiagnosticCode(declared: "pipeline.missing-need")
    public static let pipelineNoReduction = DiagnosticCode(declared: "pipeline.no-reduction")
    public static let pipelineNoSource = DiagnosticCode(declared: "pipeline.no-source")
    public static let pipelineOutput = DiagnosticCode(declared: "pipeline.output")
    public static let pipelinePasswordInUrl = DiagnosticCode(declared: "pipeline.password-in-url")
    public static let pipelineReservedName = DiagnosticCode(declared: "pipeline.reserved-name")
    public static let pipelineRunStageOverride = DiagnosticCode(declared: "pipeline.run-stage-override")
    public static let pipelineStageOrder = DiagnosticCode(declared: "pipeline.stage-order")
    public static let pipelineStaleNeed = DiagnosticCode(declared: "pipeline.stale-need")
    public static let pipelineUnavailableStage = DiagnosticCode(declared: "pipeline.unavailable-stage")
    public static let pipelineUnknownKey = DiagnosticCode(declared: "pipeline.unknown-key")
    public static let pipelineUnknownLocale = DiagnosticCode(declared: "pipeline.unknown-locale")
    public static let pipelineUnknownStage = DiagnosticCode(declared: "pipeline.unknown-stage")
    public static let pipelineUnknownUnit = DiagnosticCode(declared: "pipeline.unknown-unit")
    public static let pipelineUnreadable = DiagnosticCode(declared: "pipeline.unreadable")
    public static let pipelineUntranslatedLocale = DiagnosticCode(declared: "pipeline.untranslated-locale")
    public static let pipelineUnusedStage = DiagnosticCode(declared: "pipeline.unused-stage")

    // Of plugin stages and their processes.
    public static let pluginAfterDescribe = DiagnosticCode(declared: "plugin.after-describe")
    public static let pluginArtifactPath = DiagnosticCode(declared: "plugin.artifact-path")
    public static let pluginBadDescription = DiagnosticCode(declared: "plugin.bad-description")
    public static let pluginCannotStart = DiagnosticCode(declared: "plugin.cannot-start")
    public static let pluginCommand = DiagnosticCode(declared: "plugin.command")
    public static let pluginExited = DiagnosticCode(declared: "plugin.exited")
    public static let pluginFailed = DiagnosticCode(declared: "plugin.failed")
    public static let pluginInvalidJson = DiagnosticCode(declared: "plugin.invalid-json")
    public static let pluginInvalidOptions = DiagnosticCode(declared: "plugin.invalid-options")
    public static let pluginInvalidResponse = DiagnosticCode(declared: "plugin.invalid-response")
    public static let pluginMissingLocale = DiagnosticCode(declared: "plugin.missing-locale")
    public static let pluginMode = DiagnosticCode(declared: "plugin.mode")
    public static let pluginProtocolVersion = DiagnosticCode(declared: "plugin.protocol-version")
    public static let pluginReplacementAfterTrend = DiagnosticCode(declared: "plugin.replacement-after-trend")
    public static let pluginResponseTooLarge = DiagnosticCode(declared: "plugin.response-too-large")
    public static let pluginTimeout = DiagnosticCode(declared: "plugin.timeout")
    public static let pluginUnbuilt = DiagnosticCode(declared: "plugin.unbuilt")
    public static let pluginUndeclaredReplacement = DiagnosticCode(declared: "plugin.undeclared-replacement")
    public static let pluginWarning = DiagnosticCode(declared: "plugin.warning")

    // Of a run.
    public static let runCancelled = DiagnosticCode(declared: "run.cancelled")
    public static let runChangedArtifact = DiagnosticCode(declared: "run.changed-artifact")
    public static let runInterrupted = DiagnosticCode(declared: "run.interrupted")
    public static let runMissingArtifact = DiagnosticCode(declared: "run.missing-artifact")
    public static let runSourceDateEpoch = DiagnosticCode(declared: "run.source-date-epoch")
    public static let runUnreadableArtifact = DiagnosticCode(declared: "run.unreadable-artifact")

    // Of the sonify stage (audio graph).
    public static let sonifyEncode = DiagnosticCode(declared: "sonify.encode")
    public static let sonifyNeedsLabels = DiagnosticCode(declared: "sonify.needs-labels")
    public static let sonifyNoPoints = DiagnosticCode(declared: "sonify.no-points")
    public static let sonifyPitchRange = DiagnosticCode(declared: "sonify.pitch-range")
    public static let sonifySampleRate = DiagnosticCode(declared: "sonify.sample-rate")
    public static let sonifyShortened = DiagnosticCode(declared: "sonify.shortened")
    public static let sonifySparse = DiagnosticCode(declared: "sonify.sparse")
    public static let sonifyStaleLabels = DiagnosticCode(declared: "sonify.stale-labels")
    public static let sonifyTooLong = DiagnosticCode(declared: "sonify.too-long")
    public static let sonifyWavTooLarge = DiagnosticCode(declared: "sonify.wav-too-large")

    // Of string catalogs.
    public static let stringsInvalidCatalog = DiagnosticCode(declared: "strings.invalid-catalog")

    // Of the table stage.
    public static let tableNeedsDescriptions = DiagnosticCode(declared: "table.needs-descriptions")
    public static let tableRowsCapped = DiagnosticCode(declared: "table.rows-capped")
    public static let tableTooManyRows = DiagnosticCode(declared: "table.too-many-rows")
    public static let tableXlsxFailed = DiagnosticCode(declared: "table.xlsx-failed")

    // Of the trend stage.
    public static let trendCrossovers = DiagnosticCode(declared: "trend.crossovers")

    // Of a diagnostic made without a code.
    public static let unclassified = DiagnosticCode(declared: "unclassified")

    // Of the command line.
    public static let usage = DiagnosticCode(declared: "usage")

    // Of chartpipe validate.
    public static let validateNoConnection = DiagnosticCode(declared: "validate.no-connection")

    /// Every declared code, for looking a code read back from a manifest up by its text.
    public static let all: [DiagnosticCode] = [
        .aggregateEvery, .aggregatePartialBucket, .aggregateTooManyBuckets, .aggregateWidthTooSmall, .aggregateZone, .chartFailed,
        .chartNarrowWidth, .chartNeedsDescriptions, .compareBadManifest, .compareMissing, .compareNoManifest,
        .compareOtherPipeline, .dataAllSkipped, .dataDuplicateX, .dataNoPoints, .dataNoValues, .dataOutsideRange, .dataUnsortedX,
        .describeCatalog, .describeCatalogs, .describeFailed, .describeNeedsTrend, .describeUnavailableStage, .downsampleBarsFolded, .downsampleBarsKept,
        .downsampleCategoryKept, .ingestBadCsv, .ingestBadJson, .ingestBadQuery, .ingestBadValue, .ingestCannotConnect,
        .ingestCannotOpen, .ingestDatabaseError, .ingestDuplicateKey, .ingestFieldTooLong, .ingestFileTooLarge, .ingestLeapSecond,
        .ingestMissingField, .ingestNoRecords, .ingestNotAFile, .ingestQueryFailed, .ingestQueryTimeout, .ingestReadOnly,
        .ingestRecordTooLarge, .ingestSkippedEverything, .ingestSkippedRecord, .ingestSkippedRecords, .ingestTooDeep,
        .ingestTooManyColumns, .ingestTooManyPoints, .ingestTooManySeries, .ingestUnreadable, .mergeForeignShard,
        .mergeMissingShard, .mergeNoPipeline, .mergeNoShards, .mergeOtherCount, .mergeOtherPipeline, .mergeOtherVersion,
        .mergePipelineChanged, .mergeUnfinishedShard, .optionsInvalid, .optionsMissing, .outputChangedWhileRead, .outputDiskFull,
        .outputForeignManifest, .outputLocked, .outputNotAFile, .outputNotAFolder, .outputOtherPipeline, .outputOutside,
        .outputSymbolicLink, .outputUnlistedFile, .outputUnwritable, .outputWriteFailed, .pipelineBrokenDeclaration,
        .pipelineChartCheck, .pipelineDuplicateStage, .pipelineEmpty, .pipelineInvalidJson, .pipelineInvalidValue,
        .pipelineMisplacedStage, .pipelineMissingKey, .pipelineMissingNeed, .pipelineNoReduction, .pipelineNoSource,
        .pipelineOutput, .pipelinePasswordInUrl, .pipelineReservedName, .pipelineRunStageOverride, .pipelineStageOrder,
        .pipelineStaleNeed, .pipelineUnavailableStage, .pipelineUnknownKey, .pipelineUnknownLocale, .pipelineUnknownStage,
        .pipelineUnknownUnit, .pipelineUnreadable, .pipelineUntranslatedLocale, .pipelineUnusedStage, .pluginAfterDescribe,
        .pluginArtifactPath, .pluginBadDescription, .pluginCannotStart, .pluginCommand, .pluginExited, .pluginFailed,
        .pluginInvalidJson, .pluginInvalidOptions, .pluginInvalidResponse, .pluginMissingLocale, .pluginMode,
        .pluginProtocolVersion, .pluginReplacementAfterTrend, .pluginResponseTooLarge, .pluginTimeout, .pluginUnbuilt,
        .pluginUndeclaredReplacement, .pluginWarning, .runCancelled, .runChangedArtifact, .runInterrupted, .runMissingArtifact,
        .runSourceDateEpoch, .runUnreadableArtifact, .sonifyEncode, .sonifyNeedsLabels, .sonifyNoPoints, .sonifyPitchRange,
        .sonifySampleRate, .sonifyShortened, .sonifySparse, .sonifyStaleLabels, .sonifyTooLong, .sonifyWavTooLarge,
        .stringsInvalidCatalog, .tableNeedsDescriptions, .tableRowsCapped, .tableTooManyRows, .tableXlsxFailed, .trendCrossovers,
        .unclassified, .usage, .validateNoConnection,
    ]
}

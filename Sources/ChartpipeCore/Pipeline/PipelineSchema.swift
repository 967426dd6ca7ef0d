import ChartpipeJSON
/// The JSON Schema (draft 2020-12) of pipeline files, made from the same shapes and stage
/// descriptions that validation uses, so that editors can complete and check pipeline files.
public enum PipelineSchema {
    public static func make(registry: StageRegistry) -> JSONValue {
        let stages = registry.descriptions
        var defs: [(String, JSONValue)] = []
        for d in stages {
            var fields = d.options
            fields.insert(Field("use", .choice([d.name]), doc: d.summary, required: true), at: 0)
            fields.insert(Field("id", .string(pattern: PipelineShape.idPattern, patternHelp: PipelineShape.idHelp),
                                doc: "The entry's own name, for a stage listed more than once; charts address the entry by it."), at: 1)
            defs.append(("stage-\(d.name)", object(fields, description: d.summary)))
        }
        let stageRef: JSONValue = .object([("oneOf", .array(stages.map { .object([("$ref", .string("#/$defs/stage-\($0.name)"))]) }))])
        let overrides: JSONValue = .object([
            ("type", "object"),
            ("description", "Per-chart stage options, by stage name."),
            ("properties", .object(stages.map { d in (d.name, object(d.options, description: d.summary)) })),
            // Entries listed under an `id` are addressed by it.
            ("additionalProperties", .object([("type", "object")])),
        ])
        var chart = PipelineShape.chartFields
        if let i = chart.firstIndex(where: { $0.name == "stages" }) { chart.remove(at: i) }
        var chartSchema = object(chart, description: "A chart.")
        chartSchema = inserting("stages", overrides, into: chartSchema)
        defs.append(("chart", chartSchema))

        var top = PipelineShape.pipelineFields.filter { $0.name != "stages" && $0.name != "charts" }
        top.append(Field("stages", .any, doc: "", required: true))
        var root = object(top, description: "A chartpipe pipeline file; see docs/pipeline.md.")
        root = inserting("stages", .object([
            ("description", .string(PipelineShape.pipelineFields.first { $0.name == "stages" }?.doc ?? "")),
            ("type", "array"), ("minItems", 1), ("items", stageRef),
        ]), into: root)
        root = inserting("charts", .object([
            ("description", .string(PipelineShape.pipelineFields.first { $0.name == "charts" }?.doc ?? "")),
            ("type", "array"), ("minItems", 1), ("items", .object([("$ref", "#/$defs/chart")])),
        ]), into: root)
        if case var .object(members) = root {
            members.insert(("$schema", "https://json-schema.org/draft/2020-12/schema"), at: 0)
            members.insert(("$id", "https://chartpipe.dev/schema/pipeline-1.json"), at: 1)
            members.insert(("title", "chartpipe pipeline"), at: 2)
            if let i = members.firstIndex(where: { $0.0 == "required" }) { members.remove(at: i) }
            members.append(("required", .array(PipelineShape.pipelineFields.filter(\.required).map { .string($0.name) })))
            members.append(("$defs", .object(defs)))
            root = .object(members)
        }
        return root
    }

    /// A JSON Schema document for values of `shape` (the plugin protocol's request and response),
    /// made from the shape that checks them.
    public static func document(_ shape: Shape, id: String, title: String, description: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("$schema", "https://json-schema.org/draft/2020-12/schema"), ("$id", .string(id)), ("title", .string(title)),
        ]
        let body = shape.isObject ? object(shape.fields, description: description) : schema(shape)
        members += body.objectValue ?? []
        return .object(members)
    }

    static func inserting(_ key: String, _ value: JSONValue, into schema: JSONValue) -> JSONValue {
        guard case var .object(members) = schema,
              let i = members.firstIndex(where: { $0.0 == "properties" }),
              case var .object(props) = members[i].1 else { return schema }
        if let j = props.firstIndex(where: { $0.0 == key }) { props[j].1 = value } else { props.append((key, value)) }
        members[i].1 = .object(props)
        return .object(members)
    }

    static func object(_ fields: [Field], description: String) -> JSONValue {
        var members: [(String, JSONValue)] = description.isEmpty ? [] : [("description", .string(description))]
        members.append(("type", "object"))
        members.append(("properties", .object(fields.map { ($0.name, schema(for: $0)) })))
        let required = fields.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", false))
        return .object(members)
    }

    static func schema(for field: Field) -> JSONValue {
        var s = schema(field.shape)
        guard case var .object(members) = s else { return s }
        members.insert(("description", .string(field.doc)), at: 0)
        if let d = field.defaultValue { members.append(("default", d)) }
        s = .object(members)
        return s
    }

    static func schema(_ shape: Shape) -> JSONValue {
        switch shape {
        case .any: return .object([])
        case .null: return .object([("type", "null")])
        case .bool: return .object([("type", "boolean")])
        case let .integer(lo, hi):
            var m: [(String, JSONValue)] = [("type", "integer")]
            if let lo { m.append(("minimum", .int(lo))) }
            if let hi { m.append(("maximum", .int(hi))) }
            return .object(m)
        case let .number(lo, hi, exclusive, exclusiveHigh):
            var m: [(String, JSONValue)] = [("type", "number")]
            if let lo { m.append((exclusive ? "exclusiveMinimum" : "minimum", .double(lo))) }
            if let hi { m.append((exclusiveHigh ? "exclusiveMaximum" : "maximum", .double(hi))) }
            return .object(m)
        case let .string(pattern, _):
            var m: [(String, JSONValue)] = [("type", "string")]
            if let pattern { m.append(("pattern", .string("^(?:\(pattern))$"))) }
            return .object(m)
        case let .choice(values): return .object([("enum", .array(values.map { .string($0) }))])
        case let .anyOf(shapes): return .object([("anyOf", .array(shapes.map(schema)))])
        case let .array(item, minItems, maxItems, unique):
            var m: [(String, JSONValue)] = [("type", "array"), ("items", schema(item))]
            if minItems > 0 { m.append(("minItems", .int(minItems))) }
            if let maxItems { m.append(("maxItems", .int(maxItems))) }
            if unique { m.append(("uniqueItems", true)) }
            return .object(m)
        case let .object(fields): return object(fields, description: "")
        case let .map(value): return .object([("type", "object"), ("additionalProperties", schema(value))])
        }
    }
}

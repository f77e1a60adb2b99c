import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

interface Cost {
  readonly depth: number;
  readonly fields: number;
}

function measure(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: ReadonlySet<string>): Cost {
  let depth = 0;
  let fields = 0;
  for (const selection of set?.selections ?? []) {
    let inner: Cost;
    if (selection.kind === Kind.FIELD) {
      // Introspection is off in production; in development its own deep query must still work.
      if (selection.name.value.startsWith('__')) continue;
      const below = measure(selection.selectionSet, fragments, seen);
      inner = { depth: below.depth + 1, fields: below.fields + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragments, seen);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      inner = fragment && !seen.has(name) ? measure(fragment.selectionSet, fragments, new Set([...seen, name])) : { depth: 0, fields: 0 };
    }
    depth = Math.max(depth, inner.depth);
    fields += inner.fields;
  }
  return { depth, fields };
}

/** Refuses operations nested deeper than `maxDepth` or selecting more than `maxFields` fields in all. */
export function costLimits(maxDepth: number, maxFields: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(node: ASTNode) {
        if (node.kind !== Kind.OPERATION_DEFINITION) return;
        const cost = measure(node.selectionSet, fragments, new Set());
        if (cost.depth > maxDepth) {
          context.reportError(new GraphQLError(`query depth ${cost.depth} exceeds the limit of ${maxDepth}`, { nodes: [node], extensions: { code: 'QUERY_TOO_DEEP' } }));
        }
        if (cost.fields > maxFields) {
          context.reportError(new GraphQLError(`query selects ${cost.fields} fields, over the limit of ${maxFields}`, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
        }
      },
    };
  };
}

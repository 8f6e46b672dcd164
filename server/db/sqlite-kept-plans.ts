import {
  BinaryOperationNode,
  type KyselyPlugin,
  LimitNode,
  OffsetNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/** The comparisons whose bound value SQLite's planner reads (its guess of how many rows pass `column = ?`). */
const EQUALITIES: ReadonlySet<string> = new Set(['=', '==', 'is']);

/** `+?`: the same value (a parameter has no affinity or collation for `+` to drop), but no bare parameter any more. */
function unaryPlus(node: OperationNode): OperationNode {
  return ValueNode.is(node) && !node.immediate ? RawNode.create(['+', ''], [node]) : node;
}

class BareParametersOutOfPlans extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode, queryId?: QueryId): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node, queryId);
    if (!OperatorNode.is(transformed.operator) || !EQUALITIES.has(transformed.operator.operator)) return transformed;
    return BinaryOperationNode.create(
      transformed.leftOperand,
      transformed.operator,
      unaryPlus(transformed.rightOperand),
    );
  }

  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    return LimitNode.create(unaryPlus(super.transformLimit(node, queryId).limit));
  }

  protected override transformOffset(node: OffsetNode, queryId?: QueryId): OffsetNode {
    return OffsetNode.create(unaryPlus(super.transformOffset(node, queryId).offset));
  }
}

/**
 * Keeps SQLite's prepared statements planned once. When SQLite's planner reads a bound parameter's value while
 * planning (the value of `column = ?` for its row estimate, a `LIMIT ?`), it marks the statement to be planned again
 * whenever that parameter is bound anew, and better-sqlite3 clears every statement's bindings after each run
 * (`sqlite3_clear_bindings`), which counts as binding anew. So every query with a join, a union or an ORDER BY was
 * parsed and planned again on each call, inside `sqlite3_step`, although its statement was kept
 * (server/db/database.ts): the mower list took 21 µs instead of 4, most of an API read's database time.
 *
 * A unary plus in front of such a parameter (`= +?`, `limit +?`) gives the same value and the same comparison (the
 * column's affinity and collation still apply), and the same plan (server/db/sqlite-kept-plans.test.ts), but the
 * planner no longer looks through it, so the statement is planned once. SQLite only: PostgreSQL has no unary plus
 * for an untyped parameter, and plans its named statements its own way.
 */
export const sqliteKeptPlans: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode =>
    new BareParametersOutOfPlans().transformNode(args.node),
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
};

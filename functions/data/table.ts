/**
 * The one DynamoDB table, described once. The CDK stack and the local bootstrap both build the real table from
 * this object, so keys, indexes and TTL can never drift between AWS and a developer's machine.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** The stream that feeds the delivery of project events (issue 38): new images are all it reads. */
  streamView: 'NEW_IMAGE',
  /** Both indexes project everything: items are small and most reads want the whole item. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];

/** CreateTable input for the SDK (local bootstrap and tests); CDK maps the same fields onto its construct. */
export function createTableInput(tableName: string) {
  const attributes = [TABLE.partitionKey, TABLE.sortKey, ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.streamView },
    AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}

/**
 * Where infra/ meets cdk-nag's AwsSolutions rules (run by test/infra/stack.test.ts): what a rule reports is fixed
 * in the stack, or acknowledged on the construct it is about (aws-cdk-lib's Validations) with the reason it does
 * not apply. Nothing here imports cdk-nag.
 */
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A CloudFormation value as cdk-nag writes it in a finding: `<LogicalId.Attribute>` for a reference. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const intrinsic = value as { 'Fn::Join'?: [string, unknown[]]; 'Fn::GetAtt'?: [string, string]; Ref?: string };
  if (intrinsic['Fn::Join']) return intrinsic['Fn::Join'][1].map(flatten).join(intrinsic['Fn::Join'][0]);
  if (intrinsic['Fn::GetAtt']) return `<${intrinsic['Fn::GetAtt'].join('.')}>`;
  if (intrinsic.Ref) return `<${intrinsic.Ref}>`;
  throw new Error(`no cdk-nag name for ${JSON.stringify(value)}`);
}

/** The id of cdk-nag's finding (rule IAM5) for a policy's wildcard resource `arn`, as acknowledge() takes it. */
export const wildcardFinding = (scope: IConstruct, arn: string) => `AwsSolutions-IAM5[Resource::${flatten(Stack.of(scope).resolve(arn))}]`;

/** Both distributions answer on CloudFront's own domain: no domain of ours, so no certificate of ours. */
export const DEFAULT_CERTIFICATE = {
  id: 'AwsSolutions-CFR4',
  reason:
    "No custom domain is configured, so the distribution uses CloudFront's default *.cloudfront.net certificate, whose minimum protocol CloudFront sets; a deployment with its own domain and certificate sets TLSv1.2_2021.",
};

// Version 2 of processes/payout_approval.bpmn, as an administrator would draw it: above ¥5,000 a finance step
// (财务审批) follows the first approval. The server and browser tests of the approval chain deploy it.
import fs from 'node:fs';

export const FINANCE_STEP_CHAIN = fs.readFileSync('processes/payout_approval.bpmn', 'utf8').replace(
  '<sequenceFlow id="toPaid" sourceRef="approve" targetRef="paid" />',
  `<sequenceFlow id="toBig" sourceRef="approve" targetRef="isBig" />
    <exclusiveGateway id="isBig" name="超过 ¥5,000?" default="toPaid" />
    <sequenceFlow id="toFinance" sourceRef="isBig" targetRef="finance">
      <conditionExpression>\${amount &gt; 500000}</conditionExpression>
    </sequenceFlow>
    <userTask id="finance" name="财务审批" ride:en="Finance approval" flowable:formKey="business/approval"
      flowable:candidateGroups="administrator" />
    <sequenceFlow id="financeToPaid" sourceRef="finance" targetRef="paid" />
    <sequenceFlow id="toPaid" sourceRef="isBig" targetRef="paid" />`,
);

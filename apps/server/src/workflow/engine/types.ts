import type { FlowMessageKey, FlowNodeType, FlowStatus, FlowUrgency } from '@srm/contracts';
import type { ConditionFacts } from './condition';

/** The launcher's organisation, fixed at submission so conditions read the same facts on every step. */
export type LauncherFacts = ConditionFacts['launcher'];

export type ActivationState = 'active' | 'done' | 'rejected' | 'cancelled';

/** One entry of the task into a node (a node entered again after a reject gets a new one). */
export interface Activation {
  id: string;
  nodeId: string;
  nodeType: FlowNodeType;
  state: ActivationState;
  enteredAt: number;
  finishedAt: number | null;
  /** The activation whose completion (or reject) led here; null for the start. */
  causedBy: string | null;
  /** Who approved the node before, for approving the same person automatically. */
  prevHandlers: string[];
  /** When its timer or timeout is due, if it has one. */
  dueAt: number | null;
  /** Reminders sent for a node whose timeout reminds. */
  reminders: number;
  /** A parallel group: the branches that have finished. */
  joined: string[];
  /** A parallel group: the activation whose finishing joined the last branch. */
  completedBy: string | null;
  /** A branch's last activation: the group it joined. */
  joinedInto: { activationId: string; branchId: string } | null;
  /** A condition group: the branch taken. */
  branchId: string | null;
}

/**
 * pending: waits for its handler; waiting: later in a sequence; approved/rejected: handled;
 * transferred: handed to someone else; closed: no longer needed once the node was decided
 * (reopened by a recall); cancelled: the node was left (reject, withdraw, terminate, assign).
 */
export type ItemState =
  | 'pending'
  | 'waiting'
  | 'approved'
  | 'rejected'
  | 'transferred'
  | 'closed'
  | 'cancelled';

/** A to-do of one user at one activation. */
export interface WorkItem {
  id: string;
  activationId: string;
  nodeId: string;
  userId: string;
  state: ItemState;
  /** Position in a sequential node; 0 otherwise. */
  order: number;
  createdAt: number;
  handledAt: number | null;
  /** Who acted: the handler, a delegate, an administrator, or null for the engine itself. */
  handledBy: string | null;
  auto: boolean;
}

export interface Circulation {
  nodeId: string;
  userId: string;
  at: number;
}

export interface TaskState {
  status: FlowStatus;
  launcherId: string;
  launcher: LauncherFacts;
  formData: Record<string, unknown>;
  urgency: FlowUrgency;
  /** Approvers the launcher chose for the nodes that let him choose, by node id. */
  choices: Record<string, string[]>;
  /** Counter behind activation and item ids, unique within the task. */
  seq: number;
  /** Bumped by every transition: the row version a conditional update checks. */
  version: number;
  activations: Activation[];
  items: WorkItem[];
  circulations: Circulation[];
}

export interface SubmitInput {
  formData: Record<string, unknown>;
  urgency?: FlowUrgency | undefined;
  choices?: Record<string, string[]> | undefined;
}

export type FlowAction =
  | ({ type: 'submit'; launcher: LauncherFacts } & SubmitInput)
  | ({ type: 'resubmit' } & Partial<SubmitInput>)
  | { type: 'audit'; itemId: string; opinion?: string | undefined }
  | { type: 'reject'; itemId: string; opinion?: string | undefined }
  | { type: 'recall'; itemId: string; opinion?: string | undefined }
  | { type: 'breakOff'; opinion?: string | undefined }
  | { type: 'cancel'; opinion?: string | undefined }
  | { type: 'transfer'; itemId: string; toUserId: string; opinion?: string | undefined }
  | { type: 'assign'; nodeId: string; userIds: string[]; opinion?: string | undefined }
  | { type: 'timerFire'; activationId: string }
  | { type: 'timeout'; activationId: string };
export type FlowActionType = FlowAction['type'];

export type HistoryAction =
  | 'submit'
  | 'resubmit'
  | 'audit'
  | 'autoAudit'
  | 'reject'
  | 'autoReject'
  | 'recall'
  | 'breakOff'
  | 'cancel'
  | 'transfer'
  | 'assign'
  | 'copy'
  | 'timer'
  | 'remind'
  | 'end';

/** One line of the append-only history. */
export interface HistoryEntry {
  action: HistoryAction;
  /** Who acted; null for the engine (timers, automatic approvals). */
  actorId: string | null;
  /** The to-do's owner when a delegate acted for him. */
  onBehalfOf: string | null;
  nodeId: string | null;
  itemId: string | null;
  opinion: string;
  at: number;
  targetNodeId: string | null;
  userIds: string[];
}

/** What persistence and the outbox do after the transition commits. */
export type FlowEffect =
  | { type: 'todo'; nodeId: string; activationId: string; itemIds: string[]; userIds: string[] }
  | { type: 'todoGone'; itemIds: string[]; userIds: string[] }
  | { type: 'copy'; nodeId: string; userIds: string[] }
  | { type: 'remind'; nodeId: string; activationId: string; userIds: string[]; count: number }
  | { type: 'schedule'; activationId: string; at: number; kind: 'timer' | 'timeout' }
  | { type: 'unschedule'; activationIds: string[] }
  | { type: 'finished'; status: FlowStatus; launcherId: string }
  | { type: 'history'; entry: HistoryEntry };

/** Organisation look-ups the engine needs, injected so that it stays free of the database. */
export interface ApproverLookup {
  usersOfRoles(roleIds: readonly string[]): Promise<string[]>;
  usersOfPositions(positionIds: readonly string[]): Promise<string[]>;
  /** The manager `levels` departments up from the user's own (1 = the manager of his department), or null. */
  managerOf(userId: string, levels: number): Promise<string | null>;
  tenantAdmins(): Promise<string[]>;
}

/** A delegation (entrust): `toUserId` handles `fromUserId`'s to-dos of the flows (null = all) inside the window. */
export interface Delegation {
  id: string;
  fromUserId: string;
  toUserId: string;
  flowIds: string[] | null;
  startAt: number;
  endAt: number;
}

export interface Actor {
  userId: string;
  /** Holds the monitor's permission (terminate, assign). */
  canMonitor: boolean;
}

export interface TransitionContext {
  actor: Actor;
  now: number;
  flowId: string;
  lookup: ApproverLookup;
  delegations: readonly Delegation[];
}

export type RefusalCode =
  | 'notInProgress'
  | 'notLauncher'
  | 'notMonitor'
  | 'notYourItem'
  | 'handled'
  | 'noApprover'
  | 'nextActed'
  | 'notRecallable'
  | 'badTarget'
  | 'notDue'
  | 'stale'
  | 'choicesMissing'
  | 'invalidTree';

export interface Refusal {
  code: RefusalCode;
  /** The product's envelope code: 400 bad request, 403 not yours, 404 unknown, 409 state conflict. */
  httpCode: 400 | 403 | 404 | 409;
  messageKey: FlowMessageKey;
  params: Record<string, string>;
  nodeId: string | null;
}

export type TransitionResult =
  | { ok: true; state: TaskState; effects: FlowEffect[] }
  | { ok: false; refusal: Refusal };

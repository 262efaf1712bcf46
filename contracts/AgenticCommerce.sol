// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title Agentic Commerce job escrow (ERC-8183, Draft)
/// @notice A client escrows one ERC-20 budget per job; the provider submits a deliverable; the job's
/// evaluator completes it (paying the provider) or rejects it (refunding the client); after
/// `expiredAt` anyone may return a funded job's budget to the client.
/// @dev One payment token per deployment, no platform fee, no hooks (`hook` must be the zero
/// address). Every transfer happens after the state change (checks-effects-interactions), and an
/// ERC-20 call must succeed and return true or nothing.
contract AgenticCommerce {
    enum JobStatus {
        Open,
        Funded,
        Submitted,
        Completed,
        Rejected,
        Expired
    }

    struct Job {
        address client;
        address provider;
        address evaluator;
        string description;
        uint256 budget;
        uint256 expiredAt;
        JobStatus status;
        address hook;
        bytes32 deliverable;
    }

    /// @notice The ERC-20 every job of this contract is paid in.
    address public immutable paymentToken;
    /// @notice The last job id issued; ids start at 1.
    uint256 public jobCounter;
    mapping(uint256 => Job) private _jobs;

    error InvalidToken();
    error JobNotFound(uint256 jobId);
    error InvalidStatus(uint256 jobId, JobStatus status);
    error Unauthorized(uint256 jobId, address caller);
    error ZeroEvaluator();
    error ExpiryNotInFuture(uint256 expiredAt);
    error HooksNotSupported(address hook);
    error ZeroProvider();
    error ProviderAlreadySet(uint256 jobId);
    error ProviderNotSet(uint256 jobId);
    error ZeroBudget(uint256 jobId);
    error BudgetMismatch(uint256 jobId, uint256 budget, uint256 expectedBudget);
    error NotExpired(uint256 jobId, uint256 expiredAt);
    error TokenTransferFailed();

    event JobCreated(uint256 indexed jobId, address indexed client, address indexed provider, address evaluator, uint256 expiredAt, string description);
    event ProviderSet(uint256 indexed jobId, address indexed provider);
    event BudgetSet(uint256 indexed jobId, uint256 amount);
    event JobFunded(uint256 indexed jobId, address indexed client, uint256 amount);
    event JobSubmitted(uint256 indexed jobId, address indexed provider, bytes32 deliverable);
    event JobCompleted(uint256 indexed jobId, address indexed evaluator, bytes32 reason);
    event JobRejected(uint256 indexed jobId, address indexed rejector, bytes32 reason);
    event JobExpired(uint256 indexed jobId);

    /// @param token The ERC-20 budgets are escrowed in (a contract).
    constructor(address token) {
        if (token.code.length == 0) revert InvalidToken();
        paymentToken = token;
    }

    /// @notice Opens a job with the caller as client. `provider` may be zero and set later.
    function createJob(address provider, address evaluator, uint256 expiredAt, string calldata description, address hook) external returns (uint256 jobId) {
        if (evaluator == address(0)) revert ZeroEvaluator();
        if (expiredAt <= block.timestamp) revert ExpiryNotInFuture(expiredAt);
        if (hook != address(0)) revert HooksNotSupported(hook);
        jobId = ++jobCounter;
        Job storage job = _jobs[jobId];
        job.client = msg.sender;
        job.provider = provider;
        job.evaluator = evaluator;
        job.description = description;
        job.expiredAt = expiredAt;
        emit JobCreated(jobId, msg.sender, provider, evaluator, expiredAt, description);
    }

    /// @notice The client names the provider of an Open job created without one.
    function setProvider(uint256 jobId, address provider, bytes calldata) external {
        Job storage job = _existing(jobId);
        _onlyStatus(jobId, job, JobStatus.Open);
        if (msg.sender != job.client) revert Unauthorized(jobId, msg.sender);
        if (job.provider != address(0)) revert ProviderAlreadySet(jobId);
        if (provider == address(0)) revert ZeroProvider();
        job.provider = provider;
        emit ProviderSet(jobId, provider);
    }

    /// @notice The client or the provider proposes the budget while the job is Open.
    function setBudget(uint256 jobId, uint256 amount, bytes calldata) external {
        Job storage job = _existing(jobId);
        _onlyStatus(jobId, job, JobStatus.Open);
        if (msg.sender != job.client && msg.sender != job.provider) revert Unauthorized(jobId, msg.sender);
        job.budget = amount;
        emit BudgetSet(jobId, amount);
    }

    /// @notice The client escrows the budget. `expectedBudget` guards against a budget changed
    /// between the client's approval and this call.
    function fund(uint256 jobId, uint256 expectedBudget, bytes calldata) external {
        Job storage job = _existing(jobId);
        _onlyStatus(jobId, job, JobStatus.Open);
        if (msg.sender != job.client) revert Unauthorized(jobId, msg.sender);
        if (job.provider == address(0)) revert ProviderNotSet(jobId);
        uint256 budget = job.budget;
        if (budget == 0) revert ZeroBudget(jobId);
        if (budget != expectedBudget) revert BudgetMismatch(jobId, budget, expectedBudget);
        job.status = JobStatus.Funded;
        emit JobFunded(jobId, msg.sender, budget);
        _callToken(abi.encodeCall(IERC20Transfers.transferFrom, (msg.sender, address(this), budget)));
    }

    /// @notice The provider submits a reference to the work (a hash, or a CID digest).
    function submit(uint256 jobId, bytes32 deliverable, bytes calldata) external {
        Job storage job = _existing(jobId);
        _onlyStatus(jobId, job, JobStatus.Funded);
        if (msg.sender != job.provider) revert Unauthorized(jobId, msg.sender);
        job.status = JobStatus.Submitted;
        job.deliverable = deliverable;
        emit JobSubmitted(jobId, msg.sender, deliverable);
    }

    /// @notice The evaluator accepts the submitted work; the budget goes to the provider.
    function complete(uint256 jobId, bytes32 reason, bytes calldata) external {
        Job storage job = _existing(jobId);
        _onlyStatus(jobId, job, JobStatus.Submitted);
        if (msg.sender != job.evaluator) revert Unauthorized(jobId, msg.sender);
        job.status = JobStatus.Completed;
        emit JobCompleted(jobId, msg.sender, reason);
        _callToken(abi.encodeCall(IERC20Transfers.transfer, (job.provider, job.budget)));
    }

    /// @notice The client rejects an Open job, or the evaluator a Funded or Submitted one; an
    /// escrowed budget goes back to the client.
    function reject(uint256 jobId, bytes32 reason, bytes calldata) external {
        Job storage job = _existing(jobId);
        JobStatus status = job.status;
        if (status == JobStatus.Open) {
            if (msg.sender != job.client) revert Unauthorized(jobId, msg.sender);
        } else if (status == JobStatus.Funded || status == JobStatus.Submitted) {
            if (msg.sender != job.evaluator) revert Unauthorized(jobId, msg.sender);
        } else {
            revert InvalidStatus(jobId, status);
        }
        job.status = JobStatus.Rejected;
        emit JobRejected(jobId, msg.sender, reason);
        if (status != JobStatus.Open) _callToken(abi.encodeCall(IERC20Transfers.transfer, (job.client, job.budget)));
    }

    /// @notice Once `expiredAt` has passed, anyone may return a Funded or Submitted job's budget to
    /// its client. Deliberately without hooks, so a refund can never be blocked.
    function claimRefund(uint256 jobId) external {
        Job storage job = _existing(jobId);
        JobStatus status = job.status;
        if (status != JobStatus.Funded && status != JobStatus.Submitted) revert InvalidStatus(jobId, status);
        if (block.timestamp < job.expiredAt) revert NotExpired(jobId, job.expiredAt);
        job.status = JobStatus.Expired;
        emit JobExpired(jobId);
        _callToken(abi.encodeCall(IERC20Transfers.transfer, (job.client, job.budget)));
    }

    /// @notice The job, or an all-zero struct (client zero) for an id never issued, so a reader can
    /// tell "no such job" from a failed call without decoding a revert.
    function getJob(uint256 jobId) external view returns (Job memory) {
        return _jobs[jobId];
    }

    function _existing(uint256 jobId) private view returns (Job storage job) {
        job = _jobs[jobId];
        if (job.client == address(0)) revert JobNotFound(jobId);
    }

    function _onlyStatus(uint256 jobId, Job storage job, JobStatus expected) private view {
        if (job.status != expected) revert InvalidStatus(jobId, job.status);
    }

    /// @dev Calls the token; a revert is passed on as is (its reason says why, e.g. no allowance).
    /// Success must come with no return data (non-standard tokens) or `true`.
    function _callToken(bytes memory data) private {
        (bool ok, bytes memory returned) = paymentToken.call(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(returned, 32), mload(returned))
            }
        }
        if (returned.length != 0 && (returned.length != 32 || abi.decode(returned, (uint256)) != 1)) revert TokenTransferFailed();
    }
}

/// @dev The two ERC-20 calls the escrow makes, for `abi.encodeCall` type checking.
interface IERC20Transfers {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

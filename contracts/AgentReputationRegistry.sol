// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @dev The one call the reputation registry makes to the identity registry.
interface IAgentOwners {
    function ownerOf(uint256 agentId) external view returns (address);
}

/// @title Agent reputation registry (ERC-8004 "Trustless Agents", reputation part)
/// @notice Anyone but an agent's owner may leave signed-number feedback on a registered agent,
/// tagged for filtering; feedback can be revoked by its author and is summarised on chain.
/// @dev Same ABI and events as the public ERC-8004 reputation deployments. The endpoint, feedback
/// URI and hash are only emitted (indexers read them), not stored.
contract AgentReputationRegistry {
    struct Feedback {
        int128 value;
        uint8 valueDecimals;
        bool isRevoked;
        string tag1;
        string tag2;
    }

    uint8 public constant MAX_DECIMALS = 18;

    address private immutable _identityRegistry;
    /// @dev agentId => client => feedback; feedback index i (1-based) is at position i - 1.
    mapping(uint256 => mapping(address => Feedback[])) private _feedback;
    mapping(uint256 => address[]) private _clients;
    mapping(uint256 => mapping(address => bool)) private _isClient;

    error InvalidIdentityRegistry();
    error AgentNotFound(uint256 agentId);
    error SelfFeedback(uint256 agentId);
    error TooManyDecimals(uint8 valueDecimals);
    error FeedbackNotFound(uint256 agentId, address clientAddress, uint64 feedbackIndex);
    error AlreadyRevoked(uint256 agentId, address clientAddress, uint64 feedbackIndex);

    event NewFeedback(
        uint256 indexed agentId,
        address indexed clientAddress,
        uint64 feedbackIndex,
        int128 value,
        uint8 valueDecimals,
        string indexed indexedTag1,
        string tag1,
        string tag2,
        string endpoint,
        string feedbackURI,
        bytes32 feedbackHash
    );
    event FeedbackRevoked(uint256 indexed agentId, address indexed clientAddress, uint64 indexed feedbackIndex);

    /// @param identityRegistry The ERC-8004 identity registry whose agent ids are rated here.
    constructor(address identityRegistry) {
        if (identityRegistry.code.length == 0) revert InvalidIdentityRegistry();
        _identityRegistry = identityRegistry;
    }

    function getIdentityRegistry() external view returns (address) {
        return _identityRegistry;
    }

    /// @notice Records the caller's feedback on `agentId`: `value` scaled by 10^`valueDecimals`.
    /// @dev Strings in memory, and the checks and storage in helpers: eight parameters and an
    /// eleven-field event do not fit the stack otherwise.
    function giveFeedback(
        uint256 agentId,
        int128 value,
        uint8 valueDecimals,
        string memory tag1,
        string memory tag2,
        string memory endpoint,
        string memory feedbackURI,
        bytes32 feedbackHash
    ) external {
        if (valueDecimals > MAX_DECIMALS) revert TooManyDecimals(valueDecimals);
        _checkRater(agentId);
        uint64 index = _store(agentId, Feedback({value: value, valueDecimals: valueDecimals, isRevoked: false, tag1: tag1, tag2: tag2}));
        emit NewFeedback(agentId, msg.sender, index, value, valueDecimals, tag1, tag1, tag2, endpoint, feedbackURI, feedbackHash);
    }

    /// @notice Withdraws the caller's own feedback `feedbackIndex` (1-based); it stays readable, marked revoked.
    function revokeFeedback(uint256 agentId, uint64 feedbackIndex) external {
        Feedback storage entry = _entry(agentId, msg.sender, feedbackIndex);
        if (entry.isRevoked) revert AlreadyRevoked(agentId, msg.sender, feedbackIndex);
        entry.isRevoked = true;
        emit FeedbackRevoked(agentId, msg.sender, feedbackIndex);
    }

    /// @notice How many feedback entries `clientAddress` has left on `agentId` (the last 1-based index).
    function getLastIndex(uint256 agentId, address clientAddress) external view returns (uint64) {
        return uint64(_feedback[agentId][clientAddress].length);
    }

    function readFeedback(uint256 agentId, address clientAddress, uint64 feedbackIndex)
        external
        view
        returns (int128 value, uint8 valueDecimals, string memory tag1, string memory tag2, bool isRevoked)
    {
        Feedback storage entry = _entry(agentId, clientAddress, feedbackIndex);
        return (entry.value, entry.valueDecimals, entry.tag1, entry.tag2, entry.isRevoked);
    }

    /// @notice Every address that has left feedback on `agentId`, in order of first feedback.
    function getClients(uint256 agentId) external view returns (address[] memory) {
        return _clients[agentId];
    }

    /// @notice Count and mean of the non-revoked feedback on `agentId` from `clientAddresses`
    /// (empty: every client) whose tags equal `tag1`/`tag2` (empty: any).
    /// @dev The mean is taken with every value scaled to 18 decimals (so values given with different
    /// decimals average correctly and no precision is lost) and returned with
    /// `summaryValueDecimals` = 18, unless that does not fit an int128: then decimals are dropped
    /// (rounding toward zero) until it fits. No feedback: (0, 0, 0).
    function getSummary(uint256 agentId, address[] calldata clientAddresses, string calldata tag1, string calldata tag2)
        external
        view
        returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals)
    {
        address[] memory clients = clientAddresses;
        if (clients.length == 0) clients = _clients[agentId];
        int256 total;
        (total, count) = _total(agentId, clients, _tagHash(tag1), _tagHash(tag2));
        if (count == 0) return (0, 0, 0);
        (summaryValue, summaryValueDecimals) = _mean(total, count);
    }

    /// @dev Sum (at 18 decimals) and count of the clients' non-revoked feedback matching the tag
    /// hashes (zero: any tag).
    function _total(uint256 agentId, address[] memory clients, bytes32 tag1Hash, bytes32 tag2Hash) private view returns (int256 total, uint64 count) {
        for (uint256 i = 0; i < clients.length; i++) {
            Feedback[] storage given = _feedback[agentId][clients[i]];
            for (uint256 j = 0; j < given.length; j++) {
                Feedback storage entry = given[j];
                if (entry.isRevoked || !_matches(entry.tag1, tag1Hash) || !_matches(entry.tag2, tag2Hash)) continue;
                total += int256(entry.value) * int256(uint256(10) ** (MAX_DECIMALS - entry.valueDecimals));
                count++;
            }
        }
    }

    /// @dev The mean at 18 decimals, with decimals dropped (toward zero) until it fits an int128.
    function _mean(int256 total, uint64 count) private pure returns (int128, uint8 decimals) {
        int256 mean = total / int256(uint256(count));
        decimals = MAX_DECIMALS;
        while (mean > type(int128).max || mean < type(int128).min) {
            mean /= 10;
            decimals--;
        }
        return (int128(mean), decimals);
    }

    function _tagHash(string calldata tag) private pure returns (bytes32) {
        return bytes(tag).length > 0 ? keccak256(bytes(tag)) : bytes32(0);
    }

    function _matches(string storage tag, bytes32 wanted) private pure returns (bool) {
        return wanted == bytes32(0) || keccak256(bytes(tag)) == wanted;
    }

    /// @dev The agent must exist, and its owner may not rate it.
    function _checkRater(uint256 agentId) private view {
        address owner;
        try IAgentOwners(_identityRegistry).ownerOf(agentId) returns (address found) {
            owner = found;
        } catch {}
        if (owner == address(0)) revert AgentNotFound(agentId);
        if (msg.sender == owner) revert SelfFeedback(agentId);
    }

    /// @dev Appends the caller's feedback and returns its 1-based index.
    function _store(uint256 agentId, Feedback memory entry) private returns (uint64) {
        Feedback[] storage given = _feedback[agentId][msg.sender];
        given.push(entry);
        if (!_isClient[agentId][msg.sender]) {
            _isClient[agentId][msg.sender] = true;
            _clients[agentId].push(msg.sender);
        }
        return uint64(given.length);
    }

    function _entry(uint256 agentId, address clientAddress, uint64 feedbackIndex) private view returns (Feedback storage) {
        Feedback[] storage given = _feedback[agentId][clientAddress];
        if (feedbackIndex == 0 || feedbackIndex > given.length) revert FeedbackNotFound(agentId, clientAddress, feedbackIndex);
        return given[feedbackIndex - 1];
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title Agent identity registry (ERC-8004 "Trustless Agents", identity part)
/// @notice Each agent is an ERC-721-style token: `register` mints the next id (from 1) to the
/// caller, and the token URI is the agent's registration file. Reputation is given to these ids.
/// @dev Deliberately minimal: minting and reading only (no transfers or approvals), speaking the
/// same `register`/`ownerOf`/`tokenURI`/`balanceOf` ABI and events as the public ERC-8004
/// deployments, so code written against this registry works against those.
contract AgentIdentityRegistry {
    string public constant name = "Agent Identity";
    string public constant symbol = "AGENT";

    /// @notice The last agent id issued; ids start at 1.
    uint256 public lastAgentId;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => string) private _agentURIs;

    /// @dev ERC-721's errors, so callers decode the same reasons as from any ERC-721.
    error ERC721NonexistentToken(uint256 tokenId);
    error ERC721InvalidOwner(address owner);

    /// @notice ERC-721's mint event (from the zero address).
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Registered(uint256 indexed agentId, string agentURI, address indexed owner);

    /// @notice Registers a new agent owned by the caller, described by `agentURI`.
    function register(string calldata agentURI) external returns (uint256 agentId) {
        agentId = ++lastAgentId;
        _owners[agentId] = msg.sender;
        _balances[msg.sender] += 1;
        _agentURIs[agentId] = agentURI;
        emit Transfer(address(0), msg.sender, agentId);
        emit Registered(agentId, agentURI, msg.sender);
    }

    /// @notice The agent's owner; reverts for an id never registered (as ERC-721 requires).
    function ownerOf(uint256 agentId) public view returns (address owner) {
        owner = _owners[agentId];
        if (owner == address(0)) revert ERC721NonexistentToken(agentId);
    }

    /// @notice The agent's registration file URI.
    function tokenURI(uint256 agentId) external view returns (string memory) {
        ownerOf(agentId);
        return _agentURIs[agentId];
    }

    /// @notice How many agents `owner` holds.
    function balanceOf(address owner) external view returns (uint256) {
        if (owner == address(0)) revert ERC721InvalidOwner(address(0));
        return _balances[owner];
    }
}
